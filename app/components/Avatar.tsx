import { ResponsiveImage } from "~/components/ResponsiveImage";

/** A user's photo, or their initial on a coloured disc when they have none. */
export function Avatar({ username, image, size = "h-9 w-9" }: { username: string; image?: string; size?: string }) {
  if (image)
    return (
      <ResponsiveImage
        src={image}
        sizes="112px"
        width={112}
        height={112}
        className={`${size} shrink-0 rounded-full object-cover`}
        referrerPolicy="no-referrer"
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-gold-500 font-semibold text-navy-950`}
    >
      {username.slice(0, 1).toUpperCase()}
    </span>
  );
}
