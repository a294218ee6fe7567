import { data, redirect } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { routeErrorBoundary } from "~/components/ErrorPanel";
import { RichText } from "~/components/RichText";
import { UnpublishedNotice } from "~/components/UnpublishedNotice";
import { previewNotice, unpublishedNotice } from "~/domain/messages/editorial";
import { config } from "~/lib/config.server";
import { READING_PAGE } from "~/lib/hydration";
import { pageTitle } from "~/lib/meta";
import { excerpt, formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { isPublic } from "~/services/editorial.server";
import { fileVersion } from "~/services/file-version";
import { previewedJournal } from "~/web/preview.server";
import { audienceOf } from "~/web/session.server";

import type { Route } from "./+types/journal";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { journals } = await services();
  if (params.previewToken) {
    const { journal, saved, expiresAt } = await previewedJournal(params.previewToken);
    // A PDF chosen but not saved yet is shown from its upload's own address.
    const pdfPath =
      saved?.file === journal.file ? `/journal/${saved.slug}/pdf?v=${fileVersion(journal.file)}` : journal.file;
    const pdfUrl = new URL(pdfPath, config().publicUrl ?? request.url).toString();
    const summary = excerpt(journal.details, 160);
    return { journal, pdfPath, pdfUrl, summary, notice: previewNotice(expiresAt), preview: true };
  }
  const audience = await audienceOf(request);
  const slug = params.journalSlug ?? "";
  const journal = await journals.bySlug(slug, audience);
  if (!journal) {
    // An earlier address of a renamed article.
    const movedTo = await journals.movedSlug(slug, audience);
    if (movedTo) throw redirect(`/journal/${movedTo}`, 301);
    throw data({ message: "Journal article not found" }, { status: 404 });
  }
  // Scholarly indexers want the PDF's full, stable address; the page's own links name this
  // version of the file, so a replaced PDF is fetched afresh and an unchanged one stays cached.
  const stablePath = `/journal/${journal.slug}/pdf`;
  const pdfUrl = new URL(stablePath, config().publicUrl ?? request.url).toString();
  const pdfPath = `${stablePath}?v=${fileVersion(journal.file)}`;
  return {
    journal,
    pdfPath,
    pdfUrl,
    summary: excerpt(journal.details, 160),
    notice: isPublic(journal) ? null : unpublishedNotice(journal.status, journal.publishAt),
    preview: false,
  };
}

export const handle = READING_PAGE;

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: pageTitle(matches, "Journal article not found") }];
  return [
    { title: pageTitle(matches, data.journal.filename) },
    { name: "description", content: data.summary },
    // A preview is for people, not indexers.
    ...(data.preview
      ? [{ name: "robots", content: "noindex, nofollow" }]
      : [
          { name: "citation_title", content: data.journal.filename },
          { name: "citation_pdf_url", content: data.pdfUrl },
        ]),
  ];
}

export default function JournalPage({ loaderData, matches }: Route.ComponentProps) {
  const { journal, pdfPath, notice, preview } = loaderData;
  const downloadHref = `${pdfPath}${pdfPath.includes("?") ? "&" : "?"}download`;
  return (
    <article>
      {notice && (
        <UnpublishedNotice message={notice} editHref={preview ? undefined : `/update-journal/${journal.id}`} />
      )}
      {!preview && (
        <AdminEditLink
          user={matches[0].loaderData.user}
          to={`/update-journal/${journal.id}`}
          what="this journal article"
        />
      )}
      <header className="bg-navy-900 pt-36 pb-12 text-white">
        <div className="mx-auto max-w-5xl px-6">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase">
            Journal of Peace and Security Studies
          </p>
          <h1 className="mt-3 font-serif text-3xl leading-tight font-bold sm:text-5xl">{journal.filename}</h1>
          <p className="mt-4 text-slate-300">
            Published <time dateTime={new Date(journal.createdAt).toISOString()}>{formatDate(journal.createdAt)}</time>
          </p>
          <div className="mt-8 flex flex-wrap gap-4 print:hidden">
            <a
              href={downloadHref}
              className="inline-flex items-center gap-2 rounded-md bg-gold-500 px-6 py-3 font-semibold text-navy-950 hover:bg-gold-400"
            >
              Download PDF
            </a>
            <a
              href={pdfPath}
              target="_blank"
              rel="noopener"
              className="rounded-md border border-white/60 px-6 py-3 font-semibold hover:bg-white/10"
            >
              Open in a new tab
            </a>
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-5xl px-6 py-12">
        <h2 className="font-serif text-2xl font-bold text-navy-900 dark:text-white">Details</h2>
        <RichText html={journal.details} className="mt-4" />
        {/* Phones show no PDF inside a page (an empty frame): a card to download it instead. */}
        <section
          aria-labelledby="pdf-card-title"
          data-testid="pdf-card"
          className="mt-12 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:hidden dark:border-slate-700 dark:bg-night-card print:hidden"
        >
          <h2 id="pdf-card-title" className="font-serif text-xl font-bold text-navy-900 dark:text-white">
            Read the full article
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">The article is a PDF document.</p>
          <a
            href={downloadHref}
            className="mt-5 inline-flex w-full items-center justify-center rounded-md bg-navy-800 px-6 py-3 font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950 dark:hover:bg-gold-400"
          >
            Download PDF
          </a>
        </section>
        <div data-testid="pdf-preview" className="hidden sm:block print:hidden">
          <h2 className="mt-12 font-serif text-2xl font-bold text-navy-900 dark:text-white">Preview</h2>
          <object
            data={pdfPath}
            type="application/pdf"
            aria-label={`PDF of ${journal.filename}`}
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
      </div>
    </article>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  title: "Something went wrong.",
  missingTitle: "Journal article not found",
  missing: "We could not find that article. It may have been removed.",
  failed: "The article could not be loaded. Please try again.",
  link: { to: "/journals", label: "Browse all journal articles" },
});
