import { data, Form, Link } from "react-router";

import { PageHero } from "~/components/PageHero";
import { Notice } from "~/components/ui/Notice";
import { SelectOptions } from "~/components/ui/Select";
import { KIND_LABELS, MAX_QUERY_LENGTH, noResults, pageOf, resultCount, SEARCH_WORDS } from "~/domain/messages/search";
import { SEARCH_KINDS, type SearchKind, type SearchResults, type SnippetPart } from "~/domain/search";
import { categoryLabel } from "~/domain/vocabulary";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";

import type { Route } from "./+types/search";

type Filters = { kind: string; category: string; year: string };

/** /search?q=&kind=&category=&year=&page= (decision 025). Never cached, never indexed. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const { search, categories: kept } = await services();
  const [years, categoryList] = await Promise.all([search.years(), kept.list()]);
  // The category filter lists the categories editors keep (issue 33); any other value filters nothing.
  const categories = categoryList.map(({ slug, name }) => ({ slug, name }));
  const category = params.get("category") ?? "";
  const filters: Filters = {
    kind: SEARCH_KINDS.includes(params.get("kind") as SearchKind) ? params.get("kind")! : "",
    category: categories.some((known) => known.slug === category) ? category : "",
    year: /^\d{4}$/.test(params.get("year") ?? "") ? params.get("year")! : "",
  };
  const page = Number(params.get("page")) || 1;
  try {
    const results = q.trim()
      ? await search.search({
          q,
          kind: (filters.kind || undefined) as SearchKind | undefined,
          category: (filters.category || undefined) as never,
          year: filters.year ? Number(filters.year) : undefined,
          page,
        })
      : null;
    return { q, filters, years, categories, results, error: null };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status !== 400) throw error;
    return data(
      { q: q.slice(0, MAX_QUERY_LENGTH), filters, years, categories, results: null, error: error.message },
      { status: 400 },
    );
  }
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const q = data?.q.trim();
  return [{ title: pageTitle(matches, q ? `${SEARCH_WORDS.title}: ${q.slice(0, 60)}` : SEARCH_WORDS.title) }, NOINDEX];
}

function Snippet({ parts }: { parts: SnippetPart[] }) {
  if (parts.length === 0) return null;
  return (
    <p className="mt-2 text-slate-700 dark:text-slate-300">
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="bg-gold-200 rounded-sm px-0.5 text-ink dark:bg-gold-500/40 dark:text-white">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function pageLink(q: string, filters: Filters, page: number) {
  const params = new URLSearchParams({ q });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

type CategoryChoice = { slug: string; name: string };

function Results({
  q,
  filters,
  results,
  categories,
}: {
  q: string;
  filters: Filters;
  results: SearchResults;
  categories: CategoryChoice[];
}) {
  const names = Object.fromEntries(categories.map(({ slug, name }) => [slug, name]));
  if (results.hits.length === 0)
    return (
      <p className="mt-8 text-lg" role="status">
        {noResults(q.trim())}
      </p>
    );
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <>
      <p className="mt-8 text-sm font-semibold text-slate-600 dark:text-slate-400" role="status">
        {resultCount(results.total, results.capped)}
        {results.pages > 1 && ` · ${pageOf(results.page, results.pages)}`}
      </p>
      <ol className="mt-4 space-y-6" aria-label="Results">
        {results.hits.map((hit) => (
          <li
            key={`${hit.kind}:${hit.url}:${hit.title}`}
            className="border-b border-slate-200 pb-6 dark:border-slate-700"
          >
            <p className="text-xs font-semibold tracking-wider text-navy-700 uppercase dark:text-gold-300">
              {KIND_LABELS[hit.kind]}
              {hit.kind === "post" &&
                categoryLabel(hit.category, names) !== KIND_LABELS.post &&
                ` · ${categoryLabel(hit.category, names)}`}
              {hit.kind === "page" && hit.category && ` · ${hit.category}`}
              {hit.date && ` · ${date(hit.date)}`}
            </p>
            <h2 className="mt-1 font-serif text-xl font-bold">
              <Link
                to={hit.url}
                className="text-navy-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-gold-400 dark:text-white"
              >
                {hit.title}
              </Link>
            </h2>
            <Snippet parts={hit.snippet} />
          </li>
        ))}
      </ol>
      {results.pages > 1 && (
        <nav aria-label="Result pages" className="mt-8 flex items-center justify-between gap-4">
          {results.page > 1 ? (
            <Link
              to={pageLink(q, filters, results.page - 1)}
              className="inline-flex min-h-11 items-center font-semibold text-navy-700 underline dark:text-gold-300"
            >
              {SEARCH_WORDS.previous}
            </Link>
          ) : (
            <span />
          )}
          {results.page < results.pages && (
            <Link
              to={pageLink(q, filters, results.page + 1)}
              className="inline-flex min-h-11 items-center font-semibold text-navy-700 underline dark:text-gold-300"
            >
              {SEARCH_WORDS.next}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

const SELECT =
  "mt-1 block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-ink dark:border-slate-600 dark:bg-night dark:text-slate-100";

const SEARCH_FORM = "search-page";

/**
 * The filters, after the results (beside them on a wide screen): on a phone the first results are
 * on the first screen. Folded unless one is in use. They belong to the search form by its id, so
 * the Search button and Apply filters send them alike, also without JavaScript.
 */
function SearchFilters({
  filters,
  years,
  categories,
}: {
  filters: Filters;
  years: number[];
  categories: CategoryChoice[];
}) {
  const active = Object.values(filters).filter(Boolean).length;
  return (
    <details
      open={active > 0}
      className="group mt-10 rounded-lg border border-slate-200 bg-white p-4 lg:mt-0 dark:border-slate-700 dark:bg-night-card"
    >
      <summary className="flex cursor-pointer items-center justify-between gap-2 rounded font-semibold text-navy-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-600 dark:text-white dark:focus-visible:outline-gold-400">
        <span>
          {SEARCH_WORDS.filters}
          {active > 0 && <span className="font-normal text-slate-600 dark:text-slate-400"> ({active} in use)</span>}
        </span>
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-4 grid gap-4">
        <FilterSelect
          name="kind"
          label={SEARCH_WORDS.kind}
          any={SEARCH_WORDS.anyKind}
          value={filters.kind}
          options={SEARCH_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        />
        <FilterSelect
          name="category"
          label={SEARCH_WORDS.category}
          any={SEARCH_WORDS.anyCategory}
          value={filters.category}
          options={categories.map((category) => ({ value: category.slug, label: category.name }))}
        />
        <FilterSelect
          name="year"
          label={SEARCH_WORDS.year}
          any={SEARCH_WORDS.anyYear}
          value={filters.year}
          options={years.map((year) => ({ value: String(year), label: String(year) }))}
        />
      </div>
      <button
        type="submit"
        form={SEARCH_FORM}
        className="mt-4 h-11 w-full rounded-md border border-navy-700 px-5 font-semibold text-navy-800 hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-600 dark:border-gold-300 dark:text-gold-300 dark:hover:bg-navy-800"
      >
        {SEARCH_WORDS.apply}
      </button>
    </details>
  );
}

/**
 * One filter of the search form (it lives outside the form, tied to it by `form`); keyed by its
 * value so that a new search's value replaces what the reader had chosen.
 */
function FilterSelect({
  name,
  label,
  any,
  value,
  options,
}: {
  name: string;
  label: string;
  any: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="block text-sm font-semibold">
      {label}
      <select name={name} form={SEARCH_FORM} defaultValue={value} key={`${name}-${value}`} className={SELECT}>
        <SelectOptions options={options} placeholder={any} />
      </select>
    </label>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, filters, years, categories, results, error } = loaderData;
  return (
    <>
      <PageHero compact eyebrow={SEARCH_WORDS.title} title={SEARCH_WORDS.heading} />
      <div className="mx-auto max-w-6xl px-6 py-10 lg:grid lg:grid-cols-[1fr_18rem] lg:items-start lg:gap-12">
        <div className="min-w-0">
          {/* A plain GET form: it works without JavaScript, and its address can be shared. */}
          <Form id={SEARCH_FORM} method="get" action="/search" role="search">
            <label htmlFor="search-q" className="block font-semibold">
              {SEARCH_WORDS.label}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="search-q"
                type="search"
                name="q"
                defaultValue={q}
                key={q}
                maxLength={MAX_QUERY_LENGTH}
                placeholder={SEARCH_WORDS.placeholder}
                aria-describedby="search-hint"
                aria-invalid={error ? true : undefined}
                className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-base text-ink dark:border-slate-600 dark:bg-night dark:text-slate-100"
              />
              <button
                type="submit"
                className="h-11 rounded-md bg-navy-700 px-5 font-semibold text-white hover:bg-navy-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-600"
              >
                {SEARCH_WORDS.button}
              </button>
            </div>
            <p id="search-hint" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {SEARCH_WORDS.hint}
            </p>
          </Form>
          {error ? (
            <Notice className="mt-8" result={{ ok: false, message: error }} />
          ) : results ? (
            <Results q={q} filters={filters} results={results} categories={categories} />
          ) : (
            <p className="mt-8 text-lg text-slate-700 dark:text-slate-300">{SEARCH_WORDS.empty}</p>
          )}
        </div>
        <SearchFilters filters={filters} years={years} categories={categories} />
      </div>
    </>
  );
}
