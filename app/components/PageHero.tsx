import { HeroBackdrop } from "~/components/HeroBackdrop";

type PageHeroProps = {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  image?: string;
  /** compact: list pages; tall: the home page. */
  compact?: boolean;
  tall?: boolean;
  children?: React.ReactNode;
};

/** The dark band each page opens with; the top bar lies over it while nobody is signed in. */
export function PageHero({ title, subtitle, eyebrow, image, compact, tall, children }: PageHeroProps) {
  const height = tall ? "min-h-[38rem] lg:min-h-[44rem]" : compact ? "min-h-[18rem]" : "min-h-[24rem]";
  return (
    <section className={`relative isolate flex items-end overflow-hidden bg-navy-900 text-white ${height}`}>
      <HeroBackdrop image={image} shade="bg-gradient-to-t from-navy-950/90 via-navy-950/55 to-navy-950/40" />
      <div className={`mx-auto w-full max-w-7xl px-6 ${tall ? "pt-36 pb-24" : "pt-32 pb-12"}`}>
        {eyebrow && <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase">{eyebrow}</p>}
        <h1 className={`mt-3 max-w-4xl font-serif font-bold ${tall ? "text-4xl sm:text-6xl" : "text-3xl sm:text-5xl"}`}>
          {title}
        </h1>
        {subtitle && <p className="mt-4 max-w-3xl text-lg text-slate-200 sm:text-xl">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
