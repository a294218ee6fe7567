/** A page section with an optional eyebrow, heading and intro. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  tone = "plain",
}: {
  id?: string;
  eyebrow?: string;
  title?: string;
  intro?: string;
  children: React.ReactNode;
  tone?: "plain" | "tinted";
}) {
  return (
    <section
      id={id}
      aria-labelledby={id && title ? `${id}-title` : undefined}
      className={tone === "tinted" ? "bg-navy-50 dark:bg-night-card/60" : undefined}
    >
      <div className="mx-auto max-w-7xl px-6 py-16 sm:py-20">
        {(eyebrow || title || intro) && (
          <header className="mb-10 max-w-3xl">
            {eyebrow && (
              <p className="text-sm font-semibold tracking-[0.2em] text-gold-700 uppercase dark:text-gold-400">
                {eyebrow}
              </p>
            )}
            {title && (
              <h2
                id={id ? `${id}-title` : undefined}
                className="mt-2 font-serif text-3xl font-bold text-navy-900 sm:text-4xl dark:text-white"
              >
                {title}
              </h2>
            )}
            {intro && <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{intro}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
