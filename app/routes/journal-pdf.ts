import { data } from "react-router";

import { services } from "~/runtime.server";
import { UPLOADS_URL_PREFIX } from "~/services/media.server";
import { storedFileResponse } from "~/web/file-response.server";

import type { Route } from "./+types/journal-pdf";

/** The journal article's PDF, named after its title when saved. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { journals, media } = await services();
  const journal = await journals.bySlug(params.journalSlug);
  if (!journal || !journal.file.startsWith(UPLOADS_URL_PREFIX))
    throw data({ message: "Journal article not found" }, { status: 404 });
  const disposition = new URL(request.url).searchParams.has("download") ? "attachment" : "inline";
  return storedFileResponse(request, media, journal.file.slice(UPLOADS_URL_PREFIX.length), {
    downloadName: `${journal.filename}.pdf`,
    disposition,
  });
}
