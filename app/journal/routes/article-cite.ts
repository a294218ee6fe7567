import { data } from "react-router";

import type { ArticleView } from "~/journal/article-fields";
import { bibtex, cslJson, ris } from "~/journal/exports/citations.server";
import type { JournalView } from "~/journal/vocabulary";
import { loadArticleForCitation } from "~/journal/web/views.server";

import type { Route } from "./+types/article-cite";

type CitationFile = {
  contentType: string;
  extension: string;
  write: (article: ArticleView, journal: JournalView) => string | Promise<string>;
};

/** The reference-manager files an article offers, by the name in its address. */
const CITATION_FILES: Record<string, CitationFile> = {
  bibtex: { contentType: "application/x-bibtex", extension: "bib", write: bibtex },
  ris: { contentType: "application/x-research-info-systems", extension: "ris", write: ris },
  "csl-json": { contentType: "application/vnd.citationstyles.csl+json", extension: "json", write: cslJson },
};

const notFound = () => data({ message: "Citation not found" }, { status: 404 });

/** The article's reference as a file a reference manager imports (BibTeX, RIS or CSL-JSON). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = Object.hasOwn(CITATION_FILES, params.format) ? CITATION_FILES[params.format] : undefined;
  if (!file) throw notFound();
  const found = await loadArticleForCitation(params.journalSlug, request);
  if (!found) throw notFound();
  const body = await file.write(found.article, found.journal);
  return new Response(body, {
    headers: {
      "Content-Type": `${file.contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${found.article.slug}.${file.extension}"`,
      // The metadata can be corrected at any time: a short while in caches, then asked again.
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
