/** Widths of the resized copies made of every uploaded image (besides its main copy). */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;
/** The longest side of the main copy. */
export const MAIN_IMAGE_WIDTH = 2400;

const UPLOADED_IMAGE = /^(\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36})-(\d+)w\.webp$/;

/**
 * The srcset of an uploaded image, from its URL alone: the main copy's width is in its name and
 * every standard width below it exists. Other images (external avatars) get none.
 */
export function srcSetFor(url: string | null | undefined): string | undefined {
  const match = url ? UPLOADED_IMAGE.exec(url) : null;
  if (!match) return undefined;
  const [, base, main] = match;
  const mainWidth = Number(main);
  const widths = [...IMAGE_WIDTHS.filter((w) => w < mainWidth), mainWidth];
  return widths.map((w) => `${base}-${w}w.webp ${w}w`).join(", ");
}

/**
 * Props of a page's main image, on screen at once (a hero, the first card of a list): fetched
 * first, and the app's JavaScript starts only once it has been painted (HydrationScripts finds it
 * by `data-main-image`; Element Timing's `elementtiming` attribute is not HTML, and the W3C checker
 * refuses it).
 */
export const PRIORITY_IMAGE = { fetchPriority: "high", "data-main-image": "" } as const;
