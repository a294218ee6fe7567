/**
 * The `handle` of a page a visitor reads rather than types into: its JavaScript starts only after
 * the first paint (HydrationScripts, docs/decisions/012-hydrate-after-first-paint.md). Pages with
 * text fields leave it out, so that nothing typed before hydration is lost.
 */
export const READING_PAGE = { hydrateAfterPaint: true } as const;

export function hydratesAfterPaint(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { hydrateAfterPaint?: unknown }).hydrateAfterPaint === true
  );
}
