import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { courses, departments, faculties, journals, posts } from "~/db/schema";
import { MAX_QUERY_LENGTH, NOTHING_TO_FIND, QUERY_TOO_LONG } from "~/domain/messages/search";
import { POST_CATEGORIES, type PostCategory, STAFF_ROLE_LABELS } from "~/domain/vocabulary";

import { type Effects, effectTable } from "./content-changes.server";
import { visibleTo } from "./editorial.server";
import { InvalidError } from "./errors.server";
import type { siteContentService } from "./site-content.server";

/**
 * Site search (issue 22, decision 025): posts and journal articles through their stored, weighted
 * `search_vector` and its GIN index; the few pages of the site (about, programmes, departments,
 * courses, staff, the call for papers) at query time. One ranked list, with highlighted snippets.
 */

export const SEARCH_KINDS = ["post", "article", "page"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Results a page. */
export const SEARCH_PAGE_SIZE = 10;
/** Of each kind, at most this many matches (the newest) are ranked and counted: common words stay fast. */
export const SEARCH_CANDIDATES = 1000;
/** Words and phrases a query may hold; the rest are ignored. */
const MAX_TERMS = 16;
/** A word typed so far is matched as a prefix from this many characters on. */
const MIN_PREFIX = 3;
/** Of an article's PDF words, how many characters the snippet is taken from. */
const SNIPPET_SOURCE_CHARS = 20_000;

export type SearchFilters = { kind?: SearchKind; category?: PostCategory; year?: number };
export type SearchRequest = SearchFilters & { q: string; page?: number; pageSize?: number };

/** A stretch of a snippet: `match` marks the words the query found. */
export type SnippetPart = { text: string; match: boolean };

export type SearchHit = {
  kind: SearchKind;
  title: string;
  url: string;
  /** A post's category or an article's section; a page's place on the site. */
  category: string;
  /** When it went public (posts and articles), ISO 8601. */
  date: string | null;
  snippet: SnippetPart[];
};

export type SearchResults = {
  query: string;
  hits: SearchHit[];
  /** Matches found, counted up to SEARCH_CANDIDATES of each kind. */
  total: number;
  /** More matched than were counted. */
  capped: boolean;
  page: number;
  pages: number;
};

// ---------------------------------------------------------------- the query language

/** One part of a query: a word, a "quoted phrase", either of them -excluded. */
export type QueryTerm = { words: string[]; phrase: boolean; exclude: boolean; prefix: boolean };

/**
 * Reads what a person typed: words (all must match, in any of their forms), "quoted phrases",
 * and -excluded words or phrases. Anything else (operators, punctuation, an unclosed quote) is
 * read as spaces, so no input is an error. The last word, while it is still being typed (no space
 * after it), also matches as a prefix.
 */
export function parseQuery(input: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const pattern = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;
  for (const match of input.matchAll(pattern)) {
    const quoted = match[2] !== undefined;
    const exclude = (quoted ? match[1] : match[3]) === "-";
    const words = (quoted ? match[2] : match[4]).match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) continue;
    terms.push({
      words: words.map((w) => w.toLowerCase()),
      phrase: quoted || words.length > 1,
      exclude,
      prefix: false,
    });
    if (terms.length === MAX_TERMS) break;
  }
  const last = terms.at(-1);
  if (
    last &&
    !last.phrase &&
    !last.exclude &&
    last.words[0].length >= MIN_PREFIX &&
    /[\p{L}\p{N}]$/u.test(input) &&
    terms.length < MAX_TERMS
  )
    last.prefix = true;
  return terms;
}

/** One term as a tsquery made by PostgreSQL from bound text: nothing typed becomes an operator. */
function termQuery(term: QueryTerm): SQL {
  const text = term.words.join(" ");
  if (term.phrase) return sql`phraseto_tsquery('english', ${text})`;
  if (!term.prefix) return sql`plainto_tsquery('english', ${text})`;
  // A word being typed: its whole form, the words as written that begin with it, and the stems
  // that begin with its stem ("negotiat" reaches 'negotiations' and the stem 'negoti'). The word
  // holds letters and digits only, so ":*" is the only operator in the text.
  // A word too common to search ("the", "and") stays unsearched rather than a prefix of thousands.
  const prefix = `${text}:*`;
  return sql`(case when numnode(plainto_tsquery('english', ${text})) = 0 then ''::tsquery
    else plainto_tsquery('english', ${text}) || to_tsquery('simple', ${prefix}) || to_tsquery('english', ${prefix}) end)`;
}

/** The whole query, and its part that must be present (without which nothing is searched). */
function tsqueries(terms: QueryTerm[]): { all: SQL; positive: SQL } {
  const positive = terms.filter((t) => !t.exclude).map(termQuery);
  const negative = terms.filter((t) => t.exclude).map((t) => sql`(!! ${termQuery(t)})`);
  const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` && `) : sql`''::tsquery`);
  return { all: and([...positive, ...negative]), positive: and(positive) };
}

// ---------------------------------------------------------------- snippets

const MARK_START = "\u0002";
const MARK_END = "\u0003";

/** ts_headline's output with our two markers as the parts of a snippet: text stays text. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  for (const piece of headline.split(MARK_START)) {
    const end = piece.indexOf(MARK_END);
    if (end === -1) push(piece.replaceAll(MARK_END, ""), false);
    else {
      push(piece.slice(0, end), true);
      push(piece.slice(end + 1).replaceAll(MARK_END, ""), false);
    }
  }
  return parts.map((p) => ({ ...p, text: p.text.replace(/\s+/g, " ") }));
}

/** A snippet as HTML for the JSON API: the text escaped, the matches in <mark>. */
export function snippetHtml(parts: SnippetPart[]): string {
  const escape = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  return parts.map((p) => (p.match ? `<mark>${escape(p.text)}</mark>` : escape(p.text))).join("");
}

// ---------------------------------------------------------------- the pages of the site

type SitePage = { url: string; title: string; place: string; body: string };

/** The documents (migration 0010): kept out of the Drizzle schema, so whole-row selects never carry them. */
const POST_VECTOR = sql.raw(`"posts"."search_vector"`);
const JOURNAL_VECTOR = sql.raw(`"journals"."search_vector"`);

const HTML = (column: string) => `regexp_replace(${column}, '<[^>]*>|&[#a-z0-9]+;', ' ', 'gi')`;

/** The pages as JSON for SQL, each with a key of its own (several results may share an address). */
const pagesJson = (pages: SitePage[]) => JSON.stringify(pages.map((p, i) => ({ ...p, key: `${p.url}#${i}` })));

// ---------------------------------------------------------------- the service

type SiteContent = Pick<ReturnType<typeof siteContentService>, "settingsOf" | "focus" | "staff" | "announcement">;

export function searchService(db: Database, siteContent: SiteContent) {
  /** The pages of the site as documents: few rows, read when searched (the services keep them in memory). */
  async function sitePages(): Promise<SitePage[]> {
    const [settings, aboutFocus, homeFocus, submitFocus, journalFocus, staff, call, departmentRows, courseRows] =
      await Promise.all([
        siteContent.settingsOf(["about", "programmes"]),
        siteContent.focus("aboutPage"),
        siteContent.focus("focusPage"),
        siteContent.focus("submitPage"),
        siteContent.focus("homePage"),
        siteContent.staff(),
        siteContent.announcement(),
        db
          .select({ id: departments.id, name: departments.name, content: departments.content, faculty: faculties.name })
          .from(departments)
          .innerJoin(faculties, eq(faculties.id, departments.facultyId)),
        db
          .select({
            name: courses.name,
            code: courses.code,
            description: courses.description,
            departmentId: courses.departmentId,
          })
          .from(courses),
      ]);
    const text = (...values: unknown[]) => values.filter((v) => typeof v === "string" && v).join(" \n ");
    const pages: SitePage[] = [
      {
        url: "/about",
        title: aboutFocus.title || "About",
        place: "About",
        body: text(aboutFocus.subtitle, aboutFocus.content, ...Object.values(settings.about)),
      },
      {
        url: "/programmes",
        title: settings.programmes.title || "Programmes",
        place: "Programmes",
        body: text(...Object.values(settings.programmes)),
      },
      { url: "/", title: homeFocus.title || "Home", place: "Home", body: text(homeFocus.subtitle, homeFocus.content) },
      {
        url: "/admision",
        title: call.title || submitFocus.title || "Call for papers",
        place: "Call for papers",
        body: text(submitFocus.title, submitFocus.subtitle, submitFocus.content, call.content),
      },
      {
        url: "/journals",
        title: journalFocus.title || "Journal",
        place: "Journal",
        body: text(journalFocus.subtitle, journalFocus.content),
      },
      ...staff
        .filter((person) => person.name)
        .map((person) => ({
          url: "/about",
          title: person.name,
          place: person.post || STAFF_ROLE_LABELS[person.role],
          body: text(person.post, STAFF_ROLE_LABELS[person.role], person.description),
        })),
      ...departmentRows.map((d) => ({
        url: `/programmes/${d.id}`,
        title: d.name,
        place: d.faculty,
        body: text(d.faculty, d.content),
      })),
      ...courseRows.map((c) => ({
        url: `/programmes/${c.departmentId}`,
        title: `${c.code} ${c.name}`,
        place: "Course",
        body: c.description,
      })),
    ];
    return pages.filter((page) => page.title.trim());
  }

  /** Posts, articles and pages matching the query, as SQL rows of one shape (not yet ranked). */
  function candidates(query: SQL, filters: SearchFilters, pages: SitePage[] | null): SQL {
    const years =
      filters.year === undefined
        ? null
        : [new Date(Date.UTC(filters.year, 0, 1)), new Date(Date.UTC(filters.year + 1, 0, 1))];
    const parts: SQL[] = [];
    if (!filters.kind || filters.kind === "post") {
      const where = and(
        visibleTo(posts),
        sql`${POST_VECTOR} @@ ${query}`,
        filters.category ? eq(posts.category, filters.category) : undefined,
        years ? and(gte(posts.createdAt, years[0]), lt(posts.createdAt, years[1])) : undefined,
      );
      parts.push(sql`(select 'post'::text as kind, ${posts.id}::text as id, ${posts.title} as title,
        '/post/' || ${posts.slug} as url, ${posts.category} as category, ${posts.createdAt} as created_at,
        ${POST_VECTOR} as vector from ${posts} where ${where}
        order by ${posts.createdAt} desc limit ${SEARCH_CANDIDATES})`);
    }
    if ((!filters.kind || filters.kind === "article") && !filters.category) {
      const where = and(
        visibleTo(journals),
        sql`${JOURNAL_VECTOR} @@ ${query}`,
        years ? and(gte(journals.createdAt, years[0]), lt(journals.createdAt, years[1])) : undefined,
      );
      parts.push(sql`(select 'article'::text as kind, ${journals.id}::text as id, ${journals.filename} as title,
        '/journal/' || ${journals.slug} as url, ${journals.section} as category, ${journals.createdAt} as created_at,
        ${JOURNAL_VECTOR} as vector from ${journals} where ${where}
        order by ${journals.createdAt} desc limit ${SEARCH_CANDIDATES})`);
    }
    if (pages && pages.length) {
      const vector = [
        `setweight(to_tsvector('english', p.title), 'A')`,
        `setweight(to_tsvector('simple', p.title), 'A')`,
        `setweight(to_tsvector('english', ${HTML("p.body")}), 'C')`,
        `setweight(to_tsvector('simple', ${HTML("p.body")}), 'C')`,
      ].join(" || ");
      parts.push(sql`(select * from (select 'page'::text as kind, p.key as id, p.title, p.key as url, p.place as category,
        null::timestamptz as created_at,
        ${sql.raw(vector)} as vector
        from json_to_recordset(${pagesJson(pages)}::json) as p(key text, title text, place text, body text)) pages
        where vector @@ ${query})`);
    }
    return parts.length ? sql.join(parts, sql` union all `) : sql`(select null::text as kind where false)`;
  }

  async function run(request: SearchRequest, withSnippets: boolean): Promise<SearchResults> {
    const raw = request.q ?? "";
    if (raw.length > MAX_QUERY_LENGTH) throw new InvalidError(QUERY_TOO_LONG, "q");
    const query = raw.trim();
    const pageSize = Math.min(Math.max(Math.trunc(request.pageSize ?? SEARCH_PAGE_SIZE), 1), 50);
    const empty = { query, hits: [], total: 0, capped: false, page: 1, pages: 0 };
    const terms = parseQuery(raw);
    if (terms.length === 0) return empty;
    if (terms.every((t) => t.exclude)) throw new InvalidError(NOTHING_TO_FIND, "q");

    // The query is made once by PostgreSQL and sent back as a constant, so the planner sees it.
    const { all, positive } = tsqueries(terms);
    const [made] = rowsOf<{ query: string; words: number }>(
      await db.execute(sql`select (${all})::text as query, numnode(${positive})::int as words`),
    );
    if (!made || made.words === 0) return empty; // only words too common to search (the, of...)
    const tsquery = sql`${made.query}::tsquery`;

    const filters: SearchFilters = {
      kind: SEARCH_KINDS.includes(request.kind as SearchKind) ? request.kind : undefined,
      category: POST_CATEGORIES.includes(request.category as PostCategory) ? request.category : undefined,
      year: Number.isInteger(request.year) ? request.year : undefined,
    };
    const wantsPages = (!filters.kind || filters.kind === "page") && !filters.category && filters.year === undefined;
    const pages = wantsPages ? await sitePages() : null;
    const page = Math.max(
      1,
      Math.min(Math.trunc(request.page ?? 1) || 1, Math.ceil((3 * SEARCH_CANDIDATES) / pageSize)),
    );

    type Row = {
      kind: SearchKind;
      id: string;
      title: string;
      url: string;
      category: string;
      created_at: string | Date | null;
      total: number;
      capped: boolean;
      headline: string | null;
    };
    // A title match first, then PostgreSQL's rank (weights: title, summary, text, PDF), then newest.
    const rows = rowsOf<Row>(
      await db.execute(sql`
        with hits as (${candidates(tsquery, filters, pages)}),
        ranked as (
          select kind, id, title, url, category, created_at,
            (case when ts_filter(vector, '{a}') @@ ${tsquery} then 1 else 0 end) + ts_rank(vector, ${tsquery}) as rank,
            count(*) over () as total
          from hits
        ),
        capped as (
          select count(*) filter (where kind = 'post') >= ${SEARCH_CANDIDATES}
              or count(*) filter (where kind = 'article') >= ${SEARCH_CANDIDATES} as capped from hits
        ),
        chosen as (
          select * from ranked order by rank desc, created_at desc nulls last, id
          limit ${pageSize} offset ${(page - 1) * pageSize}
        )
        select c.kind, c.id, c.title, c.url, c.category, c.created_at, c.total::int as total,
          (select capped from capped) as capped,
          ${
            withSnippets
              ? sql`case c.kind
              when 'post' then (select ts_headline('english',
                  ${sql.raw(HTML("p.excerpt"))} || ' \n ' || ${sql.raw(HTML("p.content"))}, ${tsquery}, ${HEADLINE})
                from ${posts} p where p.id::text = c.id)
              when 'article' then (select ts_headline('english',
                  ${sql.raw(HTML("j.details"))} || ' \n ' || left(coalesce(j.pdf_text, ''), ${SNIPPET_SOURCE_CHARS}),
                  ${tsquery}, ${HEADLINE})
                from ${journals} j where j.id::text = c.id)
              else (select ts_headline('english', ${sql.raw(HTML("p.body"))}, ${tsquery}, ${HEADLINE})
                from json_to_recordset(${pagesJson(pages ?? [])}::json) as p(key text, body text) where p.key = c.url)
              end`
              : sql`null::text`
          } as headline
        from chosen c order by c.rank desc, c.created_at desc nulls last, c.id`),
    );
    if (rows.length === 0) {
      if (page === 1) return empty;
      // Past the last page: the count says where that is.
      const first = await run({ ...request, page: 1 }, false);
      return { ...first, hits: [], page };
    }
    const total = rows[0].total;
    return {
      query,
      hits: rows.map((row) => ({
        kind: row.kind,
        title: row.title,
        url: row.kind === "page" ? row.url.split("#")[0] : row.url,
        category: row.category,
        date: row.created_at ? new Date(row.created_at).toISOString() : null,
        snippet: row.headline ? snippetParts(row.headline) : [],
      })),
      total,
      capped: rows[0].capped,
      page,
      pages: Math.ceil(total / pageSize),
    };
  }

  return {
    /** One page of results, ranked, with snippets. Refuses a query over MAX_QUERY_LENGTH. */
    async search(request: SearchRequest): Promise<SearchResults> {
      return run(request, true);
    },

    /** The years the year filter offers: this one back to the oldest public post or article. */
    async years(): Promise<number[]> {
      const [row] = rowsOf<{ first: number | null; last: number }>(
        await db.execute(sql`select extract(year from least(
            (select min(${posts.createdAt}) from ${posts} where ${visibleTo(posts)}),
            (select min(${journals.createdAt}) from ${journals} where ${visibleTo(journals)})))::int as first,
          extract(year from now())::int as last`),
      );
      if (!row?.first) return [];
      return Array.from({ length: Math.max(row.last - row.first + 1, 0) }, (_, i) => row.last - i);
    },

    /** The first few titles for a search box being typed in (no snippets). */
    async suggest(q: string): Promise<{ title: string; url: string; kind: SearchKind }[]> {
      if (q.length > MAX_QUERY_LENGTH) return [];
      try {
        const { hits } = await run({ q, pageSize: 6 }, false);
        return hits.map(({ title, url, kind }) => ({ title, url, kind }));
      } catch (error) {
        if (error instanceof InvalidError) return [];
        throw error;
      }
    },
  };
}

const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

export type SearchService = ReturnType<typeof searchService>;

export const searchEffects = effectTable({
  read: ["search", "suggest", "years"],
  write: [],
}) satisfies Effects<SearchService>;
