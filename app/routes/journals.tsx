import { data, Link } from "react-router";

import { ArrowRightIcon } from "~/components/icons";
import { PageHero } from "~/components/PageHero";
import { RichText } from "~/components/RichText";
import { type ListPage, nextPageHref, ShowMoreButton, useShowMore } from "~/components/ShowMore";
import { READING_PAGE } from "~/lib/hydration";
import { pageDescription, pageTitle } from "~/lib/meta";
import { JOURNALS_HEADING_DEFAULTS } from "~/lib/site-content";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { JOURNALS_PAGE_SIZE, pageNumber } from "~/services/pagination";

import type { Route } from "./+types/journals";

type JournalCard = { id: string; slug: string; filename: string; details: string; updatedAt: Date };

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const page = pageNumber(query.get("page"));
  const { journals, siteContent } = await services();
  const [result, focus] = await Promise.all([
    journals.list({
      startIndex: (page - 1) * JOURNALS_PAGE_SIZE,
      limit: JOURNALS_PAGE_SIZE,
      after: query.get("after") ?? undefined,
    }),
    siteContent.focus("homePage"),
  ]);
  // A page past the end is not a page.
  if (page > 1 && result.items.length === 0) throw data({ message: "No such page" }, { status: 404 });
  const list: ListPage<JournalCard> = {
    items: result.items.map(({ id, slug, filename, details, updatedAt }) => ({
      id,
      slug,
      filename,
      details,
      updatedAt,
    })),
    hasMore: result.hasMore,
    page,
    next: result.items.at(-1)?.id,
  };
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

export default function Journals({ loaderData }: Route.ComponentProps) {
  const list = useShowMore(loaderData);
  return (
    <>
      <PageHero
        compact
        eyebrow="Journal of Peace and Security Studies"
        title={loaderData.heading}
        subtitle={loaderData.subtitle}
      />
      <section className="mx-auto max-w-7xl px-6 py-14">
        {loaderData.page > 1 && (
          <p className="mb-8">
            <Link to="/journals" className="font-semibold text-navy-700 underline dark:text-gold-300">
              ← Back to the latest articles
            </Link>
          </p>
        )}
        {list.items.length === 0 ? (
          <p className="text-lg text-slate-600 dark:text-slate-400">No journal article available</p>
        ) : (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {list.items.map((journal) => (
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
            ))}
          </div>
        )}
        {list.hasMore && (
          <ShowMoreButton
            href={nextPageHref("/journals", list)}
            loading={list.loading}
            onLoad={() => list.loadNext((n) => nextPageHref("/journals", { ...list, page: n - 1 }))}
          />
        )}
      </section>
    </>
  );
}
