import { pageDescription, pageTitle } from "~/lib/meta";

/** The head of a page headed by a settings section: its title (`fallback` while empty) and its subtitle. */
export function sectionMeta(
  matches: Parameters<typeof pageTitle>[0],
  section: { title: string; subtitle: string } | undefined,
  fallback: string,
) {
  return [{ title: pageTitle(matches, section?.title || fallback) }, pageDescription(matches, section?.subtitle)];
}
