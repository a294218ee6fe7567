import { ResponsiveImage } from "~/components/ResponsiveImage";

type PortraitProps = {
  person: { name: string; photo?: string | null };
  /** The square's side in CSS pixels at its largest. */
  side: number;
  /** What the browser is told of its width; by default, `side`. */
  sizes?: string;
  className: string;
  /** Below the first screen: the browser fetches it when it comes near. */
  lazy?: boolean;
};

/** A person's square photo, named for screen readers; nothing when there is no photo. */
export function Portrait({ person, side, sizes = `${side}px`, className, lazy }: PortraitProps) {
  if (!person.photo) return null;
  return (
    <ResponsiveImage
      src={person.photo}
      sizes={sizes}
      alt={`Portrait of ${person.name}`}
      width={side}
      height={side}
      className={className}
      load={lazy ? "lazy" : undefined}
    />
  );
}
