import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { articles, courses, departments, faculties, posts } from "~/db/schema";
import { MAX_QUERY_LENGTH, NOTHING_TO_FIND, QUERY_TOO_LONG } from "~/domain/messages/search";
import { STAFF_ROLE_LABELS } from "~/domain/record-names";
import { SEARCH_KINDS, type SearchKind, type SearchResults, type SnippetPart } from "~/domain/search";
import type { PostCategory } from "~/domain/vocabulary";
import { isSlug } from "~/lib/text";

import { type ContentChanges, type Effects, effectTable } from "./content-changes.server";
import type { ContentTag } from "./content-tags";
import { visibleTo } from "./editorial.server";
import { InvalidError } from "./errors.server";
import type { siteContentService } from "./site-content.server";

/**
 * Site search (issue 22, decision 025): posts and journal articles through their stored, weighted
 * `search_vector` and its GIN index; the few pages of the site (about, programmes, departments,
 * courses, staff, the call for papers) at query time. One ranked list, with highlighted snippets.
 */

/** Results a page. */
export const SEARCH_PAGE_SIZE = 10;
/** Of each kind, matches are counted up to this many ("1,000+ results"): common words stay fast. */
export const SEARCH_CANDIDATES = 1000;
/** Of each kind, the newest this many matches are ranked and can be paged through. */
export const SEARCH_RANKED = 100;
/** Of each kind, a phrase or an excluded word is looked for in the newest this many documents holding all the words. */
export const SEARCH_EXAMINED = 500;
/** Words and phrases a query may hold; the rest are ignored. */
const MAX_TERMS = 16;
/** A word typed so far is matched as a prefix from this many characters on. */
const MIN_PREFIX = 3;
/** Of a post's text or an article's PDF words, how many characters the snippet is taken from. */
const SNIPPET_SOURCE_CHARS = 3_000;

export { SEARCH_KINDS, type SearchKind, type SearchResults, type SnippetPart };

export type SearchFilters = { kind?: SearchKind; category?: PostCategory; year?: number };
export type SearchRequest = SearchFilters & { q: string; page?: number; pageSize?: number };

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
/**
 * The whole query; its words that must be present, with phrases as plain words (what the GIN index
 * answers without reading any document); and whether the two are the same.
 */
function tsqueries(terms: QueryTerm[]): { all: SQL; coarse: SQL; exact: boolean } {
  const positive = terms.filter((t) => !t.exclude);
  const negative = terms.filter((t) => t.exclude).map((t) => sql`(!! ${termQuery(t)})`);
  const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` && `) : sql`''::tsquery`);
  return {
    all: and([...positive.map(termQuery), ...negative]),
    coarse: and(positive.map((t) => termQuery({ ...t, phrase: false }))),
    exact: negative.length === 0 && positive.every((t) => !t.phrase),
  };
}

// ---------------------------------------------------------------- snippets

const MARK_START = "\u0002";
const MARK_END = "\u0003";

/** ts_headline's options: our markers around the words found, two fragments. */
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

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
const ARTICLE_VECTOR = sql.raw(`"articles"."search_vector"`);
const PDF_VECTOR = sql.raw(`"articles"."pdf_vector"`);

const HTML = (column: string) => `regexp_replace(${column}, '<[^>]*>|&[#a-z0-9]+;', ' ', 'gi')`;

/** The pages as JSON for SQL, each with a key of its own (several results may share an address). */
const pagesJson = (pages: SitePage[]) => JSON.stringify(pages.map((p, i) => ({ ...p, key: `${p.url}#${i}` })));

/** The snippet of each chosen row, made from its text (tags removed), with the words found marked. */
function headlines(tsquery: SQL, pages: SitePage[]): SQL {
  return sql`case c.kind
    when 'post' then (select ts_headline('english',
        ${sql.raw(HTML("p.excerpt"))} || ' \n ' || left(${sql.raw(HTML("p.content"))}, ${SNIPPET_SOURCE_CHARS}),
        ${tsquery}, ${HEADLINE})
      from ${posts} p where p.id = c.id::uuid)
    when 'article' then (select ts_headline('english',
        case when ${ARTICLE_VECTOR} @@ ${tsquery} or "articles"."pdf_text" is null then ${sql.raw(HTML(`"articles"."abstract"`))}
        else left("articles"."pdf_text", ${SNIPPET_SOURCE_CHARS}) end,
        ${tsquery}, ${HEADLINE})
      from ${articles} where ${articles.id} = c.id::uuid)
    else (select ts_headline('english', ${sql.raw(HTML("p.body"))}, ${tsquery}, ${HEADLINE})
      from json_to_recordset(${pagesJson(pages)}::json) as p(key text, body text) where p.key = c.url)
    end`;
}

/** One table's share of a search (see `tableHits`). */
type TablePart = { estimate: SQL; hits: SQL; count: SQL; examines: boolean };

/** From this many expected matches on, a table's newest rows are walked by date rather than all matches gathered. */
const WALK_FROM = 2000;

/** The rows a plan (EXPLAIN's JSON) expects. */
function plannedRows(rows: Record<string, unknown>[]): number {
  const plan = Object.values(rows[0] ?? {})[0];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan?: { "Plan Rows"?: number } }[];
  return Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** The kinds of content the pages of the site are made from. */
// "journals": the call for papers is the journal's settings' (decision 040).
const PAGE_TAGS = new Set<ContentTag>(["settings", "staff", "journals", "focus", "academics"]);

// ---------------------------------------------------------------- the service

type SiteContent = Pick<ReturnType<typeof siteContentService>, "settingsOf" | "focus" | "staff">;

/** The call for papers' title and text (the journal's settings hold it, decision 040). */
type CallForPapers = () => Promise<{ title: string; content: string }>;

export function searchService(
  db: Database,
  siteContent: SiteContent,
  callForPapers: CallForPapers,
  changes?: ContentChanges,
) {
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
        callForPapers(),
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

  /**
   * Pages of the site kept in memory until their content changes (here or on another server), so a
   * search costs no reads of settings, staff, departments and courses.
   */
  let pagesKept: Promise<SitePage[]> | null = null;
  let generation = 0;
  changes?.subscribe((tags) => {
    if (tags.some((tag) => PAGE_TAGS.has(tag))) {
      generation++;
      pagesKept = null;
    }
  });
  function keptPages(): Promise<SitePage[]> {
    if (pagesKept) return pagesKept;
    const started = generation;
    const reading = sitePages();
    if (changes) pagesKept = reading;
    reading.then(
      () => {
        // A change during the read: what was read may be older than it.
        if (generation !== started && pagesKept === reading) pagesKept = null;
      },
      () => {
        if (pagesKept === reading) pagesKept = null;
      },
    );
    return reading;
  }

  /**
   * The matches of one table: the newest SEARCH_RANKED, each with its rank, and how many match,
   * counted up to SEARCH_CANDIDATES. The GIN index answers plain words alone; a phrase or an
   * excluded word needs each document read, so those are checked in the newest SEARCH_EXAMINED
   * documents that hold all the words (a bound on the work of any query). `estimate` is what
   * PostgreSQL expects the index to find, and chooses the plan (see `run`).
   */
  function tableHits(
    kind: "post" | "article",
    queries: { full: SQL; coarse: SQL; exact: boolean },
    where: SQL,
    columns: { id: SQL; title: SQL; url: SQL; category: SQL; createdAt: SQL; vector: SQL; pdf?: SQL; table: SQL },
  ): TablePart {
    const { id, title, url, category, createdAt, vector, pdf, table } = columns;
    // An article matches in its own document or in its PDF's; it is ranked by its own (a PDF-only match last).
    const matches = (query: SQL, v: SQL, p?: SQL) =>
      p ? sql`(${v} @@ ${query} or ${p} @@ ${query})` : sql`${v} @@ ${query}`;
    const rank = (v: SQL) =>
      sql`(case when ts_filter(${v}, '{a}') @@ ${queries.full} then 1 else 0 end) + ts_rank(${v}, ${queries.full})`;
    const selected = sql`${kind}::text as kind, ${id}::text as id, ${title} as title, ${url} as url,
      ${category} as category, ${createdAt} as created_at`;
    // How many PostgreSQL expects to hold the words the index answers alone (its statistics of
    // the documents' words: planning only, nothing is read).
    const indexQuery = queries.exact ? queries.full : queries.coarse;
    const estimate = sql`explain (format json) select 1 from ${table} where ${where} and ${matches(indexQuery, vector, pdf)}`;
    if (queries.exact)
      return {
        estimate,
        hits: sql`select ${selected}, ${rank(vector)} as rank from ${table}
          where ${where} and ${matches(queries.full, vector, pdf)}
          order by ${createdAt} desc limit ${SEARCH_RANKED}`,
        count: sql`select count(*)::int as n, count(*) >= ${SEARCH_CANDIDATES} as more
          from (select 1 from ${table} where ${where} and ${matches(queries.full, vector, pdf)}
          limit ${SEARCH_CANDIDATES}) counted`,
        examines: false,
      };
    const examined = sql`(select ${selected}, ${vector} as vector${pdf ? sql`, ${pdf} as pdf` : sql``} from ${table}
      where ${where} and ${matches(queries.coarse, vector, pdf)} order by ${createdAt} desc limit ${SEARCH_EXAMINED}) examined`;
    const found = matches(queries.full, sql.raw("vector"), pdf ? sql.raw("pdf") : undefined);
    return {
      estimate,
      examines: true,
      hits: sql`select kind, id, title, url, category, created_at, ${rank(sql.raw("vector"))} as rank
        from ${examined} where ${found} order by created_at desc limit ${SEARCH_RANKED}`,
      // All examined: there may be more further back ("N+ results").
      count: sql`select count(*) filter (where ${found})::int as n, count(*) >= ${SEARCH_EXAMINED} as more from ${examined}`,
    };
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
    const { all, coarse, exact } = tsqueries(terms);
    const [made] = rowsOf<{ query: string; coarse: string; words: number }>(
      await db.execute(
        sql`select (${all})::text as query, (${coarse})::text as coarse, numnode(${coarse})::int as words`,
      ),
    );
    if (!made || made.words === 0) return empty; // only words too common to search (the, of...)
    const tsquery = sql`${made.query}::tsquery`;
    const queries = { full: tsquery, coarse: sql`${made.coarse}::tsquery`, exact };

    const kind = SEARCH_KINDS.includes(request.kind as SearchKind) ? request.kind : undefined;
    const category = isSlug(request.category) ? request.category : undefined;
    const year = Number.isInteger(request.year) ? request.year! : undefined;
    const years = year === undefined ? null : [new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1))];
    const wantsPages = (!kind || kind === "page") && !category && year === undefined;
    const pages = wantsPages ? await keptPages() : [];

    // Posts and articles are read alike: the columns they share, and the year asked for.
    const shared = (table: typeof posts | typeof articles) => ({
      id: sql`${table.id}`,
      title: sql`${table.title}`,
      createdAt: sql`${table.createdAt}`,
      table: sql`${table}`,
    });
    const inYears = (table: typeof posts | typeof articles) =>
      years ? and(gte(table.createdAt, years[0]), lt(table.createdAt, years[1])) : undefined;
    const parts: TablePart[] = [];
    if (!kind || kind === "post")
      parts.push(
        tableHits(
          "post",
          queries,
          and(visibleTo(posts), category ? eq(posts.category, category) : undefined, inYears(posts))!,
          {
            ...shared(posts),
            url: sql`'/post/' || ${posts.slug}`,
            category: sql`${posts.category}`,
            vector: POST_VECTOR,
          },
        ),
      );
    if ((!kind || kind === "article") && !category)
      parts.push(
        tableHits("article", queries, and(visibleTo(articles), inYears(articles))!, {
          ...shared(articles),
          url: sql`'/journal/' || ${articles.slug}`,
          category: sql`${articles.section}`,
          vector: ARTICLE_VECTOR,
          pdf: PDF_VECTOR,
        }),
      );
    let pageHits: SQL | null = null;
    if (pages.length) {
      const vector = sql.raw(
        [
          `setweight(to_tsvector('english', p.title), 'A')`,
          `setweight(to_tsvector('simple', p.title), 'A')`,
          `setweight(to_tsvector('english', ${HTML("p.body")}), 'C')`,
          `setweight(to_tsvector('simple', ${HTML("p.body")}), 'C')`,
        ].join(" || "),
      );
      pageHits = sql`select 'page'::text as kind, key as id, title, key as url, place as category,
          null::timestamptz as created_at,
          (case when ts_filter(vector, '{a}') @@ ${tsquery} then 1 else 0 end) + ts_rank(vector, ${tsquery}) as rank
        from (select p.key, p.title, p.place, ${vector} as vector
          from json_to_recordset(${pagesJson(pages)}::json) as p(key text, title text, place text, body text)) pages
        where vector @@ ${tsquery}`;
    }
    if (parts.length === 0 && !pageHits) return empty;

    type Hit = {
      kind: SearchKind;
      id: string;
      title: string;
      url: string;
      category: string;
      created_at: string | Date | null;
      rank: number;
    };
    // Every match is found through an index: a scan of the whole table would read every document
    // (the planner does not count that cost), and is never what a search needs. Which index is
    // chosen by the rows PostgreSQL expects: fewer than WALK_FROM, the GIN index gives them all and
    // the newest are sorted out (none of their documents read but the ranked ones); more, and the
    // newest rows are walked by date until enough match (they come soon). Left to itself, the
    // planner walked by date for rare words too, reading every document.
    const { hits, counts } = await db.transaction(
      async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const hits: Hit[] = [];
        const counts: { n: number; more: boolean }[] = [];
        for (const part of parts) {
          const many = plannedRows(rowsOf(await tx.execute(part.estimate))) >= WALK_FROM;
          await tx.execute(sql.raw(`set local enable_indexscan = ${many ? "on" : "off"}`));
          await tx.execute(sql.raw(`set local enable_bitmapscan = ${many ? "off" : "on"}`));
          const found = rowsOf<Hit>(await tx.execute(part.hits));
          hits.push(...found);
          if (many && !part.examines && found.length === SEARCH_RANKED)
            // Thousands expected and the newest came at once: not counted one by one ("1,000+").
            counts.push({ n: SEARCH_CANDIDATES, more: true });
          else if (!part.examines && found.length < SEARCH_RANKED) counts.push({ n: found.length, more: false });
          else counts.push(rowsOf<{ n: number; more: boolean }>(await tx.execute(part.count))[0]);
        }
        if (pageHits) {
          const found = rowsOf<Hit>(await tx.execute(pageHits));
          hits.push(...found);
          counts.push({ n: found.length, more: false });
        }
        return { hits, counts };
      },
      { accessMode: "read only" },
    );

    const perKind = counts.map((k) => Number(k.n));
    const total = perKind.reduce((sum, n) => sum + n, 0);
    const capped = counts.some((k) => k.more);
    // Pages reach as far as the ranked matches do.
    const pageCount = Math.ceil(hits.length / pageSize);
    const page = Math.max(1, Math.min(Math.trunc(request.page ?? 1) || 1, Math.max(pageCount, 1)));
    // A title match first, then PostgreSQL's rank (weights: title, summary, text), then newest.
    const time = (hit: Hit) => (hit.created_at ? new Date(hit.created_at).getTime() : 0);
    hits.sort((a, b) => b.rank - a.rank || time(b) - time(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const chosen = hits.slice((page - 1) * pageSize, page * pageSize);
    const snippets = new Map<string, string>();
    if (withSnippets && chosen.length) {
      const rows = rowsOf<{ kind: string; id: string; headline: string | null }>(
        await db.execute(sql`select c.kind, c.id, ${headlines(tsquery, pages)} as headline
          from json_to_recordset(${JSON.stringify(chosen.map(({ kind, id, url }) => ({ kind, id, url })))}::json)
            as c(kind text, id text, url text)`),
      );
      for (const row of rows) if (row.headline) snippets.set(`${row.kind}:${row.id}`, row.headline);
    }
    return {
      query,
      hits: chosen.map((hit) => ({
        kind: hit.kind,
        title: hit.title,
        url: hit.kind === "page" ? hit.url.split("#")[0] : hit.url,
        category: hit.category,
        date: hit.created_at ? new Date(hit.created_at).toISOString() : null,
        snippet: snippetParts(snippets.get(`${hit.kind}:${hit.id}`) ?? ""),
      })),
      total,
      capped,
      page,
      pages: pageCount,
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
            (select min(${articles.createdAt}) from ${articles} where ${visibleTo(articles)})))::int as first,
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

export type SearchService = ReturnType<typeof searchService>;

export const searchEffects = effectTable({
  read: ["search", "suggest", "years"],
  write: [],
}) satisfies Effects<SearchService>;
