import { ResponsiveImage } from "~/components/ResponsiveImage";

/**
 * A page's opening picture behind its title, with a gradient that keeps the white text readable.
 * It is the largest thing on the page, so it loads first (PRIORITY_IMAGE).
 */
export function HeroBackdrop({ image, shade }: { image?: string | null; shade: string }) {
  return (
    <>
      {image && (
        <ResponsiveImage
          src={image}
          sizes="100vw"
          width={1920}
          height={1080}
          className="absolute inset-0 -z-20 h-full w-full object-cover"
          load="priority"
        />
      )}
      <div className={`absolute inset-0 -z-10 ${shade}`} />
    </>
  );
}
