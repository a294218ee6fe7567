import { PRIORITY_IMAGE, srcSetFor } from "~/lib/images";

type ResponsiveImageProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "loading"> & {
  src: string;
  /** `priority`: the page's main image (PRIORITY_IMAGE); `lazy`: fetched when it comes near the screen. */
  load?: "priority" | "lazy";
};

/** An image with the resized copies the browser may pick from (srcSetFor); decorative unless given an `alt`. */
export function ResponsiveImage({ src, load, alt = "", ...image }: ResponsiveImageProps) {
  const loading = load === "priority" ? PRIORITY_IMAGE : load === "lazy" ? { loading: "lazy" as const } : {};
  return <img src={src} srcSet={srcSetFor(src)} alt={alt} {...loading} {...image} />;
}
