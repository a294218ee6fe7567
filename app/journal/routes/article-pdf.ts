import { data, redirect } from "react-router";

import { fileVersion } from "~/journal/file-version";
import { services } from "~/runtime.server";
import { UPLOADS_URL_PREFIX } from "~/services/media.server";
import { storedFileResponse } from "~/web/file-response.server";
import { recordAt } from "~/web/record-at.server";

import type { Route } from "./+types/article-pdf";

/** Revalidated on every use (answered 304 while unchanged): the address stays, the file may not. */
const REVALIDATE = "public, max-age=0, must-revalidate";

/**
 * The journal article's PDF, named after its title when saved. `?v=` names one version of the
 * file: that address never changes what it serves, so it is cached for a year; an older version
 * leads to the current one. Without `v` (the address given to indexers) it is checked each time.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { articles, media } = await services();
  const url = new URL(request.url);
  const missing = "Journal article not found";
  const article = await recordAt(request, "journal", articles, params.journalSlug, {
    movedTo: (slug) => `/journal/${slug}/pdf${url.search}`,
    missing,
  });
  if (!article.pdf.startsWith(UPLOADS_URL_PREFIX)) throw data({ message: missing }, { status: 404 });
  const asked = url.searchParams.get("v");
  const current = fileVersion(article.pdf);
  if (asked !== null && asked !== current) {
    const to = new URLSearchParams(url.search);
    to.set("v", current);
    throw redirect(`${url.pathname}?${to}`, 302);
  }
  const disposition = url.searchParams.has("download") ? "attachment" : "inline";
  return storedFileResponse(request, media, article.pdf.slice(UPLOADS_URL_PREFIX.length), {
    downloadName: `${article.title}.pdf`,
    disposition,
    ...(asked === null ? { cacheControl: REVALIDATE } : {}),
  });
}
