import { data, Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { routeErrorBoundary } from "~/components/ErrorPanel";
import { PageHero } from "~/components/PageHero";
import { RichText } from "~/components/RichText";
import { IssueCover } from "~/journal/components/IssueCover";
import { TableOfContents } from "~/journal/components/TableOfContents";
import { ISSUE_NOT_FOUND } from "~/journal/messages";
import { ARCHIVE_PATH, ISSUE_STATUS_LABELS, issueLabel, type IssueStatus } from "~/journal/names";
import { issueNumbersOf, tocEntry } from "~/journal/web/views.server";
import { JOURNAL_FEED_LINKS } from "~/lib/feed-links";
import { READING_PAGE } from "~/lib/hydration";
import { describe, socialImagePath } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";
import { audienceOf } from "~/web/session.server";

import type { Route } from "./+types/issue";

const notFound = () => data({ message: ISSUE_NOT_FOUND }, { status: 404 });

/** /journals/issue/{volume}/{number}: an issue's cover, description and table of contents. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const numbers = issueNumbersOf(params);
  if (!numbers) throw notFound();
  const audience = await audienceOf(request, "journal");
  const { journal, articles: allArticles } = await services();
  // Admins see a forthcoming issue as it is being put together.
  const issue = await journal.issueByNumber(numbers.volume, numbers.number, audience === "admin");
  if (!issue) throw notFound();
  // Its articles wait for it: an admin sees every one that is not in the trash until it is published.
  const [profile, articles] = await Promise.all([
    journal.profile(),
    allArticles.inIssue(issue.id, issue.status === "published" ? "public" : audience),
  ]);
  const label = issueLabel(issue);
  const path = `/journals/issue/${issue.volume}/${issue.number}`;
  const cover = socialImagePath(issue.cover);
  const seo = await pageSeo(request, {
    title: `${label} · ${profile.title}`,
    description: describe(issue.description, `Table of contents of ${profile.title}, ${label}.`),
    path,
    image: cover ? { url: cover, alt: `Cover of ${profile.title}, ${label}` } : null,
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: profile.title, path: "/journals" },
      { name: "Archive", path: ARCHIVE_PATH },
      { name: label, path },
    ],
  });
  return {
    seo,
    issue: { ...issue, label },
    journalTitle: profile.title,
    entries: articles.map(tocEntry),
    admin: audience === "admin",
  };
}

export const handle = READING_PAGE;

export const links: Route.LinksFunction = () => JOURNAL_FEED_LINKS;

export const meta = routeMeta("Issue not found");

export default function IssuePage({ loaderData }: Route.ComponentProps) {
  const { issue, journalTitle, entries, admin } = loaderData;
  const exportBase = `/journals/issue/${issue.volume}/${issue.number}`;
  return (
    <>
      <AdminEditLink area="journal" to="/dashboard?tab=issues" what="the journal's issues" />
      <PageHero
        compact
        eyebrow={journalTitle}
        title={issueLabel({ ...issue, title: "" })}
        subtitle={issue.title || undefined}
      />
      <div className="mx-auto grid max-w-6xl gap-12 px-6 py-12 md:grid-cols-[12rem_1fr]">
        <aside className="space-y-4">
          <IssueCover issue={issue} journalTitle={journalTitle} className="w-48" />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {issue.status === "published" && issue.publishedOn ? (
              <>
                Published <time dateTime={issue.publishedOn}>{formatDate(`${issue.publishedOn}T12:00:00Z`)}</time>
              </>
            ) : (
              ISSUE_STATUS_LABELS[issue.status as IssueStatus]
            )}
          </p>
          <Link
            to={ARCHIVE_PATH}
            className="block text-sm font-semibold text-navy-700 hover:underline dark:text-gold-300"
          >
            All issues
          </Link>
          {admin && (
            <ul className="space-y-1 text-sm print:hidden">
              <li>
                <a href={`${exportBase}/crossref.xml`} className="text-navy-700 hover:underline dark:text-gold-300">
                  Crossref deposit XML
                </a>
              </li>
              <li>
                <a href={`${exportBase}/doaj.xml`} className="text-navy-700 hover:underline dark:text-gold-300">
                  DOAJ article XML
                </a>
              </li>
            </ul>
          )}
        </aside>
        <div className="min-w-0">
          {issue.description && <RichText html={issue.description} className="mb-10" />}
          <h2 className="sr-only">Table of contents</h2>
          <TableOfContents entries={entries} />
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  missingTitle: "Issue not found",
  missing: "We could not find that issue of the journal.",
  failed: "The issue could not be loaded. Please try again.",
  link: { to: ARCHIVE_PATH, label: "Browse all issues" },
});
