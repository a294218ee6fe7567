import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { AuthorLinks, type LinkedAuthor } from "~/components/AuthorLinks";
import { ArrowRightIcon } from "~/components/icons";
import { PagedList } from "~/components/PagedList";
import { PageHero } from "~/components/PageHero";
import { RichText } from "~/components/RichText";
import type { ListPage } from "~/components/ShowMore";
import { SubscribeLinks } from "~/components/SubscribeLinks";
import { IssueCover } from "~/journal/components/IssueCover";
import { SubmitLink } from "~/journal/components/SubmitLink";
import { TableOfContents } from "~/journal/components/TableOfContents";
import { ARCHIVE_PATH, issueLabel, issuePath } from "~/journal/names";
import { submitLinkTarget } from "~/journal/submit-link";
import { linkedAuthors, tocEntry } from "~/journal/web/views.server";
import { JOURNAL_FEED_LINKS, JOURNAL_SUBSCRIPTIONS } from "~/lib/feed-links";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { JOURNALS_HEADING_DEFAULTS } from "~/lib/site-content";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { ARTICLES_PAGE_SIZE } from "~/services/pagination";
import { listPage, requestedPage } from "~/web/paged-list.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/articles";

type ArticleCard = {
  id: string;
  slug: string;
  title: string;
  abstract: string;
  updatedAt: Date;
  authors: LinkedAuthor[];
  issue: string;
};

export async function loader({ request }: Route.LoaderArgs) {
  const { page, slice } = requestedPage(request, ARTICLES_PAGE_SIZE);
  const { articles, siteContent, journal, submissions } = await services();
  const [result, focus, issues, profile, submitting] = await Promise.all([
    articles.list(slice),
    siteContent.focus("homePage"),
    journal.issues(),
    journal.profile(),
    submissions.settings(),
  ]);
  const labels = new Map(issues.map((issue) => [issue.id, issueLabel({ ...issue, title: "" })]));
  const list: ListPage<ArticleCard> = listPage(page, result, (row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    abstract: row.abstract,
    updatedAt: row.updatedAt,
    authors: linkedAuthors(row.authors),
    issue: (row.issueId && labels.get(row.issueId)) || "Online first",
  }));
  // The first page leads with the current issue's table of contents; later pages are the list alone.
  const current = page === 1 ? await journal.currentIssue() : undefined;
  const currentIssue = current
    ? {
        ...current,
        label: issueLabel(current),
        path: issuePath(current),
        entries: (await articles.inIssue(current.id)).map(tocEntry),
      }
    : null;
  const heading = focus.title || JOURNALS_HEADING_DEFAULTS.title;
  const seo = await pageSeo(request, {
    title: page > 1 ? `${heading} (page ${page})` : heading,
    description: describe(focus.subtitle || JOURNALS_HEADING_DEFAULTS.subtitle),
    path: "/journals",
    page,
  });
  return {
    ...list,
    seo,
    heading,
    subtitle: focus.subtitle || JOURNALS_HEADING_DEFAULTS.subtitle,
    journalTitle: profile.title,
    currentIssue,
    submitTarget: submitLinkTarget(submitting),
  };
}

export const handle = READING_PAGE;

export const links: Route.LinksFunction = () => JOURNAL_FEED_LINKS;

export const meta = routeMeta(JOURNALS_HEADING_DEFAULTS.title);

export default function Journals({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminEditLink area="journal" to={"/dashboard?tab=journals"} what="the journal articles" />
      <PageHero compact eyebrow={loaderData.journalTitle} title={loaderData.heading} subtitle={loaderData.subtitle}>
        <SubscribeLinks feeds={JOURNAL_SUBSCRIPTIONS} />
        <SubmitLink target={loaderData.submitTarget} className="mt-6" />
      </PageHero>
      {loaderData.currentIssue && (
        <section aria-labelledby="current-issue" className="mx-auto max-w-6xl px-6 pt-12">
          <div className="grid gap-8 rounded-xl border border-slate-200 bg-white p-7 shadow-sm md:grid-cols-[10rem_1fr] dark:border-slate-700/60 dark:bg-night-card">
            <IssueCover issue={loaderData.currentIssue} journalTitle={loaderData.journalTitle} />
            <div>
              <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                Current issue
              </p>
              <h2 id="current-issue" className="mt-1 font-serif text-2xl font-bold text-navy-900 dark:text-white">
                <Link to={loaderData.currentIssue.path} className="hover:underline">
                  {loaderData.currentIssue.label}
                </Link>
              </h2>
              <div className="mt-6">
                <TableOfContents entries={loaderData.currentIssue.entries} />
              </div>
              <p className="mt-6">
                <Link
                  to={ARCHIVE_PATH}
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 hover:gap-2.5 dark:text-gold-300"
                >
                  All issues <ArrowRightIcon />
                </Link>
              </p>
            </div>
          </div>
        </section>
      )}
      <PagedList
        path="/journals"
        first={loaderData}
        backLabel="Back to the latest articles"
        empty="No journal article available"
        card={(article) => (
          <article
            key={article.id}
            className="flex flex-col rounded-xl border border-t-4 border-slate-200 border-t-navy-700 bg-white p-7 shadow-sm dark:border-slate-700/60 dark:border-t-gold-500 dark:bg-night-card"
          >
            <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
              {article.issue} · {formatDate(article.updatedAt, "short")}
            </p>
            <h2 className="mt-3 font-serif text-xl leading-snug font-semibold text-navy-900 dark:text-white">
              <Link to={`/journal/${article.slug}`} className="hover:underline">
                {article.title}
              </Link>
            </h2>
            {article.authors.length > 0 && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                <AuthorLinks authors={article.authors} />
              </p>
            )}
            <RichText html={article.abstract} className="mt-3 line-clamp-5 text-sm leading-6" />
            <Link
              to={`/journal/${article.slug}`}
              aria-label={`Download: ${article.title}`}
              className="mt-auto inline-flex items-center gap-1.5 pt-6 text-sm font-semibold text-navy-700 hover:gap-2.5 dark:text-gold-300"
            >
              Download <ArrowRightIcon />
            </Link>
          </article>
        )}
      />
    </>
  );
}
