import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { ArrowRightIcon } from "~/components/icons";
import { PagedList } from "~/components/PagedList";
import { PageHero } from "~/components/PageHero";
import { RichText } from "~/components/RichText";
import type { ListPage } from "~/components/ShowMore";
import { READING_PAGE } from "~/lib/hydration";
import { pageDescription, pageTitle } from "~/lib/meta";
import { JOURNALS_HEADING_DEFAULTS } from "~/lib/site-content";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { JOURNALS_PAGE_SIZE } from "~/services/pagination";
import { listPage, requestedPage } from "~/web/paged-list.server";

import type { Route } from "./+types/journals";

type JournalCard = { id: string; slug: string; filename: string; details: string; updatedAt: Date };

export async function loader({ request }: Route.LoaderArgs) {
  const { page, slice } = requestedPage(request, JOURNALS_PAGE_SIZE);
  const { journals, siteContent } = await services();
  const [result, focus] = await Promise.all([journals.list(slice), siteContent.focus("homePage")]);
  const list: ListPage<JournalCard> = listPage(page, result, ({ id, slug, filename, details, updatedAt }) => ({
    id,
    slug,
    filename,
    details,
    updatedAt,
  }));
  return {
    ...list,
    heading: focus.title || JOURNALS_HEADING_DEFAULTS.title,
    subtitle: focus.subtitle || JOURNALS_HEADING_DEFAULTS.subtitle,
  };
}

export const handle = READING_PAGE;

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(matches, data?.heading ?? JOURNALS_HEADING_DEFAULTS.title) },
    pageDescription(matches, data?.subtitle),
  ];
}

export default function Journals({ loaderData, matches }: Route.ComponentProps) {
  return (
    <>
      <AdminEditLink user={matches[0].loaderData.user} to={"/dashboard?tab=journals"} what="the journal articles" />
      <PageHero
        compact
        eyebrow="Journal of Peace and Security Studies"
        title={loaderData.heading}
        subtitle={loaderData.subtitle}
      />
      <PagedList
        path="/journals"
        first={loaderData}
        backLabel="Back to the latest articles"
        empty="No journal article available"
        card={(journal) => (
          <article
            key={journal.id}
            className="flex flex-col rounded-xl border border-t-4 border-slate-200 border-t-navy-700 bg-white p-7 shadow-sm dark:border-slate-700/60 dark:border-t-gold-500 dark:bg-night-card"
          >
            <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
              Research article · {formatDate(journal.updatedAt, "short")}
            </p>
            <h2 className="mt-3 font-serif text-xl leading-snug font-semibold text-navy-900 dark:text-white">
              <Link to={`/journal/${journal.slug}`} className="hover:underline">
                {journal.filename}
              </Link>
            </h2>
            <RichText html={journal.details} className="mt-3 line-clamp-5 text-sm leading-6" />
            <Link
              to={`/journal/${journal.slug}`}
              aria-label={`Download: ${journal.filename}`}
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
