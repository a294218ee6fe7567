/**
 * A short token that changes whenever an article names another stored PDF (its page links to
 * `/journal/{slug}/pdf?v=…`): storage keys are never reused, so a replaced PDF gets a new address
 * while an unchanged one keeps its cached copy.
 */
export function fileVersion(url: string): string {
  const name = url.split("/").pop() ?? "";
  return (
    name
      .replace(/\.[a-z0-9]+$/i, "")
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 12) || "0"
  );
}
