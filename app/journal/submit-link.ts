/**
 * The way into submitting (issue 34), shown on the journal's pages, the home page and the call for
 * papers: the journal's own, so its pages need nothing of the submissions workflow (which builds on
 * the journal).
 */
export const SUBMIT_PATH = "/submit";
export const SUBMIT_LINK = "Submit a manuscript";

/**
 * Where "Submit a manuscript" leads: here, or the journal's portal (none when the portal has no
 * address). Made by the page's loader with its words, so public pages' scripts carry none of the
 * workflow's words.
 */
export type SubmitLinkTarget = { href: string; external: boolean; label: string } | null;

export function submitLinkTarget(settings: { mode: "here" | "portal"; portalUrl: string }): SubmitLinkTarget {
  if (settings.mode === "here") return { href: SUBMIT_PATH, external: false, label: SUBMIT_LINK };
  return settings.portalUrl ? { href: settings.portalUrl, external: true, label: SUBMIT_LINK } : null;
}
