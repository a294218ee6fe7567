import { ResponsiveImage } from "~/components/ResponsiveImage";

type PortraitProps = {
  src?: string | null;
  name: string;
  /** The square's side in CSS pixels at its largest. */
  side: number;
  /** What the browser is told of its width; by default, `side`. */
  sizes?: string;
  className: string;
  /** Below the first screen: the browser fetches it when it comes near. */
  lazy?: boolean;
};

/** A person's square photo, named for screen readers; nothing when there is no photo. */
export function Portrait({ src, name, side, sizes = `${side}px`, className, lazy }: PortraitProps) {
  if (!src) return null;
  return (
    <ResponsiveImage
      src={src}
      sizes={sizes}
      alt={`Portrait of ${name}`}
      width={side}
      height={side}
      className={className}
      load={lazy ? "lazy" : undefined}
    />
  );
}
