import { PRIORITY_IMAGE, srcSetFor } from "~/lib/images";

/**
 * A page's opening picture behind its title, with a gradient that keeps the white text readable.
 * It is the largest thing on the page, so it loads first (PRIORITY_IMAGE).
 */
export function HeroBackdrop({ image, shade }: { image?: string | null; shade: string }) {
  return (
    <>
      {image && (
        <img
          src={image}
          srcSet={srcSetFor(image)}
          sizes="100vw"
          alt=""
          width={1920}
          height={1080}
          className="absolute inset-0 -z-20 h-full w-full object-cover"
          {...PRIORITY_IMAGE}
        />
      )}
      <div className={`absolute inset-0 -z-10 ${shade}`} />
    </>
  );
}
