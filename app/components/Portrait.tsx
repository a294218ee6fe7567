import { srcSetFor } from "~/lib/images";

type PortraitProps = {
  src?: string | null;
  name: string;
  /** The square's side in CSS pixels at its largest, and the `sizes` that says so to the browser. */
  side: number;
  sizes: string;
  className: string;
  /** Below the first screen: the browser fetches it when it comes near. */
  lazy?: boolean;
};

/** A person's square photo, named for screen readers; nothing when there is no photo. */
export function Portrait({ src, name, side, sizes, className, lazy }: PortraitProps) {
  if (!src) return null;
  return (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes={sizes}
      alt={`Portrait of ${name}`}
      width={side}
      height={side}
      className={className}
      loading={lazy ? "lazy" : undefined}
    />
  );
}
