import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { routeErrorBoundary } from "~/components/ErrorPanel";
import { RichText } from "~/components/RichText";
import { UnpublishedNotice } from "~/components/UnpublishedNotice";
import { previewNotice, unpublishedNotice } from "~/domain/messages/editorial";
import type { ArticleView } from "~/journal/article-fields";
import type { ArticleRecord } from "~/journal/articles.server";
import { Byline } from "~/journal/components/Byline";
import { type FormattedCitation, HowToCite } from "~/journal/components/HowToCite";
import { TitledSection } from "~/journal/components/TitledSection";
import { formatCitations } from "~/journal/exports/citations.server";
import { highwireTags, scholarlyJsonLd } from "~/journal/exports/indexing-tags.server";
import { fileVersion } from "~/journal/file-version";
import { issuePendingNotice } from "~/journal/messages";
import { doiUrl, issueLabel, issuePath, sectionLabel } from "~/journal/names";
import { languageLabel } from "~/journal/vocabulary";
import { previewedArticle } from "~/journal/web/preview.server";
import { articleFor } from "~/journal/web/views.server";
import { articleAuthorPath } from "~/lib/author-paths";
import { JOURNAL_FEED_LINKS } from "~/lib/feed-links";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { isPublic } from "~/services/editorial.server";
import { recordAt } from "~/web/record-at.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/article";

/** What the page shows of an article: its view without the authors' e-mail addresses. */
function forReaders(article: ArticleView) {
  // Each with the address of their author page, made here so the page's script need not.
  return {
    ...article,
    authors: article.authors.map(({ email: _email, ...author }) => ({ ...author, path: articleAuthorPath(author) })),
  };
}

async function pageData(row: ArticleRecord, request: Request, pdfPath: string, preview: boolean) {
  const { article, journal } = await articleFor(row, request);
  const { readership } = await services();
  const citations: FormattedCitation[] = (await formatCitations(article, journal)).map(({ id, label, html }) => ({
    id,
    label,
    html,
  }));
  return {
    article: forReaders(article),
    journalTitle: journal.title,
    issn: [journal.issnPrint, journal.issnOnline].filter(Boolean),
    publisher: journal.publisher,
    language: languageLabel(article.language),
    pdfPath,
    // COUNTER Release 5.1's totals since counting began (decision 043): investigations are the page's
    // views and the PDF's downloads, requests the downloads. A cached page shows them as they were up
    // to ten minutes ago (READERSHIP_PAGE_MAX_AGE_MS), and a read is summed about a minute after it.
    usage: await readership.articleTotals(row.id),
    citations,
    // Head tags are made on the server: they never reach the browser's bundle. The citation_* and
    // DC.* tags stay beside the OpenGraph ones; the ScholarlyArticle is the page's one JSON-LD
    // document, with its breadcrumbs.
    seo: await pageSeo(request, () => {
      const path = `/journal/${article.slug}`;
      const { "@context": _context, ...scholarly } = scholarlyJsonLd(article, journal);
      return {
        title: article.title,
        description: describe(row.abstract),
        path,
        type: "article",
        noindex: preview ? "nofollow" : false,
        article: {
          publishedTime: article.publishedOn,
          modifiedTime: article.updatedAt.toISOString(),
          section: sectionLabel(article.section),
        },
        extra: highwireTags(article, journal),
        jsonLd: [scholarly as { "@type": string }],
        breadcrumbs: [
          { name: "Home", path: "/" },
          { name: journal.title, path: "/journals" },
          ...(article.issue ? [{ name: issueLabel(article.issue), path: issuePath(article.issue) }] : []),
          { name: article.title, path },
        ],
      };
    }),
  };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { articles } = await services();
  if (params.previewToken) {
    const { article, saved, expiresAt } = await previewedArticle(params.previewToken);
    // A PDF chosen but not saved yet is shown from its upload's own address.
    const pdfPath =
      saved?.pdf === article.pdf ? `/journal/${saved.slug}/pdf?v=${fileVersion(article.pdf)}` : article.pdf;
    return {
      ...(await pageData(article, request, pdfPath, true)),
      id: saved?.id ?? null,
      notice: previewNotice(expiresAt),
      preview: true,
    };
  }
  const article = await recordAt(request, "journal", articles, params.journalSlug ?? "", {
    movedTo: (slug) => `/journal/${slug}`,
    missing: "Journal article not found",
  });
  // The page's own links name this version of the PDF, so a replaced PDF is fetched afresh and an
  // unchanged one stays cached; indexers get the stable address (citation_pdf_url).
  const pdfPath = `/journal/${article.slug}/pdf?v=${fileVersion(article.pdf)}`;
  const page = await pageData(article, request, pdfPath, false);
  // Only admins get here with an article visitors cannot see: a draft, or one waiting for its issue.
  const issue = page.article.issue;
  const notice = isPublic(article, new Date(), issue)
    ? null
    : !isPublic(article)
      ? unpublishedNotice(article.status, article.publishAt)
      : issuePendingNotice(issueLabel(issue!));
  return { ...page, id: article.id, notice, preview: false };
}

export const handle = READING_PAGE;

export const links: Route.LinksFunction = () => JOURNAL_FEED_LINKS;

export const meta = routeMeta("Journal article not found");

/** The article's deposit files, linked for its editors. */
const EDITORS_EXPORTS = [
  { file: "crossref.xml", label: "Crossref deposit XML" },
  { file: "doaj.xml", label: "DOAJ article XML" },
];

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="text-right font-medium text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

const dateOf = (day: string) => formatDate(`${day}T12:00:00Z`);

export default function ArticlePage({ loaderData, matches }: Route.ComponentProps) {
  const { article, pdfPath, notice, preview, usage, citations, id } = loaderData;
  const downloadHref = `${pdfPath}${pdfPath.includes("?") ? "&" : "?"}download`;
  // The preview below fetched the versioned address (kept a year): a new tab opens the address that
  // is checked each time, so the server sees the reader open the PDF and counts it (issue 35).
  const openHref = preview ? pdfPath : pdfPath.replace(/\?v=[^&]*$/, "");
  const cite = (format: string) => `/journal/${article.slug}/cite/${format}`;
  const pages =
    article.firstPage && article.lastPage && article.lastPage !== article.firstPage
      ? `${article.firstPage}–${article.lastPage}`
      : article.firstPage
        ? String(article.firstPage)
        : "";
  return (
    <article>
      {notice && <UnpublishedNotice message={notice} editHref={preview || !id ? undefined : `/update-journal/${id}`} />}
      {!preview && id && <AdminEditLink area="journal" to={`/update-journal/${id}`} what="this journal article" />}
      <header className="bg-navy-900 pt-36 pb-12 text-white">
        <div className="mx-auto max-w-5xl px-6">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase">
            <Link to="/journals" className="hover:underline">
              {loaderData.journalTitle}
            </Link>
          </p>
          <p className="mt-3 text-sm text-slate-300">
            {article.issue ? (
              <Link to={issuePath(article.issue)} className="font-semibold text-white hover:underline">
                {issueLabel(article.issue)}
              </Link>
            ) : (
              <span className="font-semibold text-white">Online first</span>
            )}
            <span aria-hidden="true"> · </span>
            {sectionLabel(article.section)}
            {pages && (
              <>
                <span aria-hidden="true"> · </span>
                pp. {pages}
              </>
            )}
          </p>
          <h1 className="mt-3 font-serif text-3xl leading-tight font-bold sm:text-5xl">{article.title}</h1>
          {article.authors.length > 0 && (
            <div className="mt-6">
              <Byline authors={article.authors} tone="dark" />
            </div>
          )}
          <p className="mt-6 text-slate-300">
            Published <time dateTime={article.publishedOn}>{dateOf(article.publishedOn)}</time>
            {article.doi && (
              <>
                <span aria-hidden="true"> · </span>
                <a href={doiUrl(article.doi)} className="text-gold-300 hover:underline">
                  {doiUrl(article.doi)}
                </a>
              </>
            )}
          </p>
          <div className="mt-8 flex flex-wrap gap-4 print:hidden">
            <a
              href={downloadHref}
              className="inline-flex items-center gap-2 rounded-md bg-gold-500 px-6 py-3 font-semibold text-navy-950 hover:bg-gold-400"
            >
              Download PDF
            </a>
            <a
              href={openHref}
              target="_blank"
              rel="noopener"
              className="rounded-md border border-white/60 px-6 py-3 font-semibold hover:bg-white/10"
            >
              Open in a new tab
            </a>
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-5xl gap-12 px-6 py-12 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <h2 className="font-serif text-2xl font-bold text-navy-900 dark:text-white">Abstract</h2>
          <RichText html={article.abstract} className="mt-4" />
          {article.keywords.length > 0 && (
            <p className="mt-6 text-sm">
              <span className="font-semibold text-navy-900 dark:text-white">Keywords: </span>
              {article.keywords.join("; ")}
            </p>
          )}
          {article.funding && (
            <p className="mt-3 text-sm">
              <span className="font-semibold text-navy-900 dark:text-white">Funding: </span>
              {article.funding}
            </p>
          )}
          {/* Phones show no PDF inside a page (an empty frame): a card to download it instead. */}
          <TitledSection
            id="pdf-card-title"
            title="Read the full article"
            data-testid="pdf-card"
            className="mt-12 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:hidden dark:border-slate-700 dark:bg-night-card print:hidden"
          >
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">The article is a PDF document.</p>
            <a
              href={downloadHref}
              className="mt-5 inline-flex w-full items-center justify-center rounded-md bg-navy-800 px-6 py-3 font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950 dark:hover:bg-gold-400"
            >
              Download PDF
            </a>
          </TitledSection>
          <div data-testid="pdf-preview" className="hidden sm:block print:hidden">
            <h2 className="mt-12 font-serif text-2xl font-bold text-navy-900 dark:text-white">Preview</h2>
            <object
              data={pdfPath}
              type="application/pdf"
              aria-label={`PDF of ${article.title}`}
              className="mt-4 h-[80vh] w-full rounded-lg border border-slate-200 dark:border-slate-700"
            >
              <p className="rounded-lg bg-navy-50 p-6 dark:bg-night-card">
                Your browser cannot show the PDF here.{" "}
                <a href={downloadHref} className="font-semibold text-navy-700 underline dark:text-gold-300">
                  Download the PDF
                </a>{" "}
                to read it.
              </p>
            </object>
          </div>
          {article.references.length > 0 && (
            <section aria-labelledby="references" className="mt-12">
              <h2 id="references" className="font-serif text-2xl font-bold text-navy-900 dark:text-white">
                References
              </h2>
              <ol className="mt-4 list-decimal space-y-2 pl-6 text-sm leading-6 text-slate-700 dark:text-slate-300">
                {article.references.map((reference, i) => (
                  <li key={i}>{reference}</li>
                ))}
              </ol>
            </section>
          )}
        </div>
        <aside className="space-y-8">
          {!preview && (
            <HowToCite
              citations={citations}
              downloads={[
                { label: "BibTeX", href: cite("bibtex"), description: "For LaTeX and BibTeX-based reference managers" },
                {
                  label: "RIS",
                  href: cite("ris"),
                  description: "For Zotero, Mendeley, EndNote and most reference managers",
                },
                { label: "CSL-JSON", href: cite("csl-json"), description: "For Zotero and citeproc-based tools" },
              ]}
            />
          )}
          <TitledSection id="article-information" title="Article information">
            <dl className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
              <Fact term="Issue">
                {article.issue ? (
                  <Link to={issuePath(article.issue)} className="text-navy-700 hover:underline dark:text-gold-300">
                    {issueLabel(article.issue)}
                  </Link>
                ) : (
                  "Online first"
                )}
              </Fact>
              <Fact term="Section">{sectionLabel(article.section)}</Fact>
              {pages && <Fact term="Pages">{pages}</Fact>}
              {article.receivedOn && <Fact term="Received">{dateOf(article.receivedOn)}</Fact>}
              {article.acceptedOn && <Fact term="Accepted">{dateOf(article.acceptedOn)}</Fact>}
              <Fact term="Published">{dateOf(article.publishedOn)}</Fact>
              <Fact term="Language">{loaderData.language}</Fact>
              {loaderData.issn.length > 0 && <Fact term="ISSN">{loaderData.issn.join(", ")}</Fact>}
              <Fact term="Licence">
                <a
                  href={article.licence.url}
                  rel="license noopener"
                  className="text-navy-700 hover:underline dark:text-gold-300"
                >
                  {article.licence.label}
                </a>
              </Fact>
              {!preview && (
                <>
                  <Fact term="Views and downloads">{usage.investigations.toLocaleString("en")}</Fact>
                  <Fact term="Downloads">{usage.requests.toLocaleString("en")}</Fact>
                </>
              )}
            </dl>
          </TitledSection>
          {!preview && matches[0].loaderData.user?.areas.includes("journal") && (
            <TitledSection id="for-editors" title="For editors" className="text-sm print:hidden">
              <ul className="mt-3 space-y-1">
                {EDITORS_EXPORTS.map(({ file, label }) => (
                  <li key={file}>
                    <a
                      href={`/journal/${article.slug}/${file}`}
                      className="text-navy-700 hover:underline dark:text-gold-300"
                    >
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </TitledSection>
          )}
          {article.supplementary.length > 0 && (
            <TitledSection id="supplementary" title="Supplementary files">
              <ul className="mt-3 space-y-2 text-sm">
                {article.supplementary.map((file) => (
                  <li key={file.file}>
                    <a href={file.file} className="font-semibold text-navy-700 hover:underline dark:text-gold-300">
                      {file.label || "Supplementary file"}
                    </a>
                  </li>
                ))}
              </ul>
            </TitledSection>
          )}
        </aside>
      </div>
    </article>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  missingTitle: "Journal article not found",
  missing: "We could not find that article. It may have been removed.",
  failed: "The article could not be loaded. Please try again.",
  link: { to: "/journals", label: "Browse all journal articles" },
});
