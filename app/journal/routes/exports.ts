import { data } from "react-router";

import { crossrefForArticle, crossrefForIssue, type Depositor } from "~/journal/exports/crossref.server";
import { doajForArticles } from "~/journal/exports/doaj.server";
import { ISSUE_NOT_FOUND } from "~/journal/messages";
import { articleFor, issueNumbersOf, issueWithArticles, journalFor } from "~/journal/web/views.server";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { requireRole } from "~/web/session.server";

import type { Route } from "./+types/exports";

const xml = (body: string, name: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });

/**
 * The editors' exports for indexers: Crossref deposit XML (to upload at Crossref) and DOAJ article
 * XML, per issue (/journals/issue/{v}/{n}/crossref.xml, doaj.xml) or per article
 * (/journal/{slug}/crossref.xml, doaj.xml). For those who run the journal: an export names the depositor.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireRole(request, "journal");
  const format = new URL(request.url).pathname.endsWith("/crossref.xml") ? "crossref" : "doaj";
  const all = await services();
  const journal = await journalFor(request);
  const depositor: Depositor = { name: journal.publisher || journal.title, email: admin.email };
  try {
    if (params.journalSlug) {
      const row = await all.articles.bySlug(params.journalSlug, "public");
      if (!row) throw data({ message: "Journal article not found" }, { status: 404 });
      const { article } = await articleFor(row, request, { journal });
      return format === "crossref"
        ? xml(crossrefForArticle(article, journal, depositor), `${article.slug}-crossref.xml`)
        : xml(doajForArticles([article], journal), `${article.slug}-doaj.xml`);
    }
    const numbers = issueNumbersOf(params);
    const issue = numbers && (await all.journal.issueByNumber(numbers.volume, numbers.number, true));
    if (!issue) throw data({ message: ISSUE_NOT_FOUND }, { status: 404 });
    const { issue: view, articles } = await issueWithArticles(issue, request);
    const name = `vol${issue.volume}-no${issue.number}`;
    return format === "crossref"
      ? xml(crossrefForIssue(view, articles, journal, depositor).xml, `${name}-crossref.xml`)
      : xml(doajForArticles(articles, journal), `${name}-doaj.xml`);
  } catch (error) {
    // Nothing to deposit (no DOI, no ISSN…): the editor is told what to fill in.
    if (error instanceof ServiceError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
