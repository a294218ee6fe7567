import { createHmac, timingSafeEqual } from "node:crypto";

import { and, asc, count, eq, gte, inArray, isNotNull, lt, min, or, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { articles, journalIssues, journalProfile, journalWithdrawals } from "~/db/schema";
import { articleView, journalView, siteRoot } from "~/journal/article-view.server";
import {
  ARTICLE_SECTIONS,
  DEFAULT_JOURNAL_PROFILE,
  issueLabel,
  type JournalProfile,
  sectionLabel,
} from "~/journal/vocabulary";
import { isUuid } from "~/lib/text";
import { type Effects, effectTable } from "~/services/content-changes.server";
import { visibleTo } from "~/services/editorial.server";

import { OAI_DC, oaiDcRecord } from "./oai-dc";
import { OAI_OPENAIRE, oaiOpenaireRecord } from "./oai-openaire";
import {
  type Attributes,
  datestamp,
  element,
  errorElements,
  oaiDocument,
  type OaiError,
  type OaiRequest,
  parseRequest,
  textElement,
  type TimeWindow,
  timeWindow,
  withoutEcho,
} from "./protocol";

/** Records (or headers) per answer of a list; the rest follows a resumption token. */
export const OAI_PAGE_SIZE = 100;

/** The formats offered, each with what writes an article in it (oai_dc first: every harvester reads it). */
const METADATA_FORMATS = [
  { ...OAI_DC, write: oaiDcRecord },
  { ...OAI_OPENAIRE, write: oaiOpenaireRecord },
];

type IssueRow = typeof journalIssues.$inferSelect;

/** What the repository needs besides the database. */
export type OaiOptions = {
  /** Signs resumption tokens, so a changed token is refused rather than misread. */
  secret: string;
  /** Who answers for the repository (Identify's adminEmail, at least one). */
  adminEmails: () => Promise<string[]>;
};

/** The site the answers are for: identifiers and addresses are made from its public address. */
export type OaiSite = { siteUrl: string };

/* ---- identifiers ---- */

const hostOf = (siteUrl: string) => new URL(siteUrl).hostname.toLowerCase();
export const oaiIdentifier = (siteUrl: string, id: string) => `oai:${hostOf(siteUrl)}:article/${id}`;

function articleIdOf(identifier: string, siteUrl: string): string | null {
  const match = /^oai:([^:]+):article\/(.+)$/.exec(identifier);
  if (!match || match[1].toLowerCase() !== hostOf(siteUrl) || !isUuid(match[2])) return null;
  return match[2].toLowerCase();
}

/** The oai-identifier scheme's repositoryIdentifier: a domain name (so not localhost or an IP address). */
const DOMAIN_NAME = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;

/* ---- resumption tokens: the query and where the last page ended, signed ---- */

type ListQuery = {
  verb: "ListIdentifiers" | "ListRecords";
  metadataPrefix: string;
  set: string | null;
  from: string | null;
  before: string | null;
};
/** Where the last page ended, how many came before, and the list's size when it began. */
type Position = { stamp: string; id: string; cursor: number; size: number };
type TokenBody = ListQuery & { after: Position };

function tokenSignature(secret: string, body: string) {
  return createHmac("sha256", secret).update(`oai-resumption:${body}`).digest().subarray(0, 16);
}

function encodeToken(secret: string, token: TokenBody): string {
  const body = Buffer.from(JSON.stringify(token)).toString("base64url");
  return `${body}.${tokenSignature(secret, body).toString("base64url")}`;
}

function decodeToken(secret: string, value: string): TokenBody | null {
  const [body, signature, ...rest] = value.split(".");
  if (!body || !signature || rest.length) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = tokenSignature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const token = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenBody;
    const { stamp, id, cursor, size } = token.after ?? {};
    const valid = typeof stamp === "string" && isUuid(id) && Number.isInteger(cursor) && Number.isInteger(size);
    return valid ? token : null;
  } catch {
    return null;
  }
}

/* ---- sets: volume, volume:N, volume:N:issue:M, section, section:X ---- */

type SetFilter = { issue: "any" | { volume: number; number?: number } | null; section: string | null } | "none";

function setFilter(spec: string | null): SetFilter {
  if (spec === null || spec === "section") return { issue: null, section: null };
  if (spec === "volume") return { issue: "any", section: null };
  const section = /^section:(.+)$/.exec(spec);
  if (section) return ARTICLE_SECTIONS.some((s) => s === section[1]) ? { issue: null, section: section[1] } : "none";
  const volume = /^volume:([1-9]\d{0,8})(?::issue:([1-9]\d{0,8}))?$/.exec(spec);
  if (!volume) return "none";
  return {
    issue: { volume: Number(volume[1]), number: volume[2] ? Number(volume[2]) : undefined },
    section: null,
  };
}

const issueSetSpecs = (issue: IssueRow) => `volume:${issue.volume}:issue:${issue.number}`;

/* ---- the lists' rows, in datestamp order ---- */

/** A timestamp as UTC text to the microsecond: the keyset's exact value, in order as text. */
const stampText = (column: SQL | typeof articles.metadataChangedAt | typeof journalWithdrawals.withdrawnAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

type Item = { id: string; stamp: string; at: Date; deleted: boolean; issueId: string | null; section: string };

const byStampThenId = (a: Item, b: Item) =>
  a.stamp < b.stamp ? -1 : a.stamp > b.stamp ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Reads only: nothing here changes what a page shows. */
export const oaiEffects = effectTable({ read: ["respond"], write: [] }) satisfies Effects<OaiService>;

export function oaiService(db: Database, options: OaiOptions) {
  /** The filters of one list on one of the two tables (public articles, withdrawn ones). */
  function filtersOn(
    columns: {
      at: typeof articles.metadataChangedAt | typeof journalWithdrawals.withdrawnAt;
      id: typeof articles.id | typeof journalWithdrawals.articleId;
      issueId: typeof articles.issueId | typeof journalWithdrawals.issueId;
      section: typeof articles.section | typeof journalWithdrawals.section;
    },
    query: ListQuery,
    set: Exclude<SetFilter, "none">,
    after?: Position,
  ): (SQL | undefined)[] {
    const { issue } = set;
    const issueFilter =
      issue === null
        ? undefined
        : issue === "any"
          ? isNotNull(columns.issueId)
          : inArray(
              columns.issueId,
              db
                .select({ id: journalIssues.id })
                .from(journalIssues)
                .where(
                  and(
                    eq(journalIssues.volume, issue.volume),
                    issue.number === undefined ? undefined : eq(journalIssues.number, issue.number),
                  ),
                ),
            );
    return [
      query.from ? gte(columns.at, new Date(query.from)) : undefined,
      query.before ? lt(columns.at, new Date(query.before)) : undefined,
      set.section ? eq(columns.section, set.section) : undefined,
      issueFilter,
      after
        ? sql`(${columns.at}, ${columns.id}) > (${after.stamp}::timestamp at time zone 'UTC', ${after.id}::uuid)`
        : undefined,
    ];
  }

  const articleColumns = {
    at: articles.metadataChangedAt,
    id: articles.id,
    issueId: articles.issueId,
    section: articles.section,
  };
  const withdrawalColumns = {
    at: journalWithdrawals.withdrawnAt,
    id: journalWithdrawals.articleId,
    issueId: journalWithdrawals.issueId,
    section: journalWithdrawals.section,
  };

  /** What a list or a GetRecord reads of a public article. */
  const articleItem = {
    id: articles.id,
    stamp: stampText(articles.metadataChangedAt),
    at: articles.metadataChangedAt,
    issueId: articles.issueId,
    section: articles.section,
  };
  /** The same of a withdrawn article: its record is gone, its withdrawal says when. */
  const withdrawalItem = {
    id: journalWithdrawals.articleId,
    stamp: stampText(journalWithdrawals.withdrawnAt),
    at: journalWithdrawals.withdrawnAt,
    issueId: journalWithdrawals.issueId,
    section: journalWithdrawals.section,
  };

  /** The next page's items: the first `limit` of each table after the position, merged. */
  async function nextItems(query: ListQuery, set: Exclude<SetFilter, "none">, limit: number, after?: Position) {
    const [shown, withdrawals] = await Promise.all([
      db
        .select(articleItem)
        .from(articles)
        .where(and(visibleTo(articles, "public"), ...filtersOn(articleColumns, query, set, after)))
        .orderBy(asc(articles.metadataChangedAt), asc(articles.id))
        .limit(limit),
      db
        .select(withdrawalItem)
        .from(journalWithdrawals)
        .where(and(...filtersOn(withdrawalColumns, query, set, after)))
        .orderBy(asc(journalWithdrawals.withdrawnAt), asc(journalWithdrawals.articleId))
        .limit(limit),
    ]);
    return [
      ...shown.map((item) => ({ ...item, deleted: false })),
      ...withdrawals.map((item) => ({ ...item, deleted: true })),
    ]
      .sort(byStampThenId)
      .slice(0, limit);
  }

  async function listSize(query: ListQuery, set: Exclude<SetFilter, "none">): Promise<number> {
    const [[shown], [withdrawals]] = await Promise.all([
      db
        .select({ n: count() })
        .from(articles)
        .where(and(visibleTo(articles, "public"), ...filtersOn(articleColumns, query, set))),
      db
        .select({ n: count() })
        .from(journalWithdrawals)
        .where(and(...filtersOn(withdrawalColumns, query, set))),
    ]);
    return Number(shown.n) + Number(withdrawals.n);
  }

  async function profile(): Promise<JournalProfile> {
    const [row] = await db.select({ fields: journalProfile.fields }).from(journalProfile).limit(1);
    return { ...DEFAULT_JOURNAL_PROFILE, ...(row?.fields as Partial<JournalProfile> | undefined) };
  }

  async function issuesById(ids: (string | null)[]): Promise<Map<string, IssueRow>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (!wanted.length) return new Map();
    const rows = await db.select().from(journalIssues).where(inArray(journalIssues.id, wanted));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The items' headers (no format: ListIdentifiers), or their records in this metadata format. */
  async function records(items: Item[], metadataPrefix: string | null, site: OaiSite): Promise<string[]> {
    const format = METADATA_FORMATS.find((f) => f.metadataPrefix === metadataPrefix);
    const issues = await issuesById(items.map((item) => item.issueId));
    const publicIds = items.filter((item) => !item.deleted).map((item) => item.id);
    const rows =
      format && publicIds.length ? await db.select().from(articles).where(inArray(articles.id, publicIds)) : [];
    const rowById = new Map(rows.map((row) => [row.id, row]));
    const journal = format ? journalView(await profile(), site.siteUrl) : null;
    return items.map((item) => {
      const issue = item.issueId ? issues.get(item.issueId) : undefined;
      const header = element(
        "header",
        { status: item.deleted ? "deleted" : undefined },
        textElement("identifier", oaiIdentifier(site.siteUrl, item.id)),
        textElement("datestamp", datestamp(item.at)),
        ...(issue ? [textElement("setSpec", issueSetSpecs(issue))] : []),
        textElement("setSpec", `section:${item.section}`),
      );
      if (!format) return header;
      const row = rowById.get(item.id);
      // A record deleted since the list was read has no metadata: its header alone, as deleted ones.
      if (item.deleted || !row || !journal) return element("record", {}, header);
      const article = articleView(row, issue, journal, site.siteUrl);
      return element("record", {}, header, element("metadata", {}, format.write(article, journal)));
    });
  }

  /** The item with this identifier: public, or withdrawn (a deleted record); null if neither. */
  async function itemOf(identifier: string, site: OaiSite): Promise<Item | null> {
    const id = articleIdOf(identifier, site.siteUrl);
    if (!id) return null;
    const [article] = await db
      .select(articleItem)
      .from(articles)
      .where(and(eq(articles.id, id), visibleTo(articles, "public")));
    if (article) return { ...article, deleted: false };
    const [withdrawal] = await db
      .select(withdrawalItem)
      .from(journalWithdrawals)
      .where(eq(journalWithdrawals.articleId, id));
    return withdrawal ? { ...withdrawal, deleted: true } : null;
  }

  const supportsFormat = (prefix: string) => METADATA_FORMATS.some((format) => format.metadataPrefix === prefix);
  const cannotDisseminate = (prefix: string): OaiError => ({
    code: "cannotDisseminateFormat",
    message: `The metadata format "${prefix}" is not offered (see ListMetadataFormats).`,
  });
  const noSuchId = (identifier: string): OaiError => ({
    code: "idDoesNotExist",
    message: `No record has the identifier "${identifier}".`,
  });

  type Answer = { body: string } | { errors: OaiError[] };

  async function identify(site: OaiSite): Promise<Answer> {
    const [journal, emails, [shown], [withdrawals]] = await Promise.all([
      profile(),
      options.adminEmails(),
      db
        .select({ at: min(articles.metadataChangedAt) })
        .from(articles)
        .where(visibleTo(articles, "public")),
      db.select({ at: min(journalWithdrawals.withdrawnAt) }).from(journalWithdrawals),
    ]);
    const stamps = [shown.at, withdrawals.at].filter((at): at is Date => at !== null);
    // An empty repository's records will all be later than now.
    const earliest = stamps.length ? new Date(Math.min(...stamps.map((at) => at.getTime()))) : new Date();
    const host = hostOf(site.siteUrl);
    const [sample] = await db.select({ id: articles.id }).from(articles).where(visibleTo(articles, "public")).limit(1);
    const descriptions = DOMAIN_NAME.test(host)
      ? [
          element(
            "description",
            {},
            element(
              "oai-identifier",
              {
                xmlns: "http://www.openarchives.org/OAI/2.0/oai-identifier",
                "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
                "xsi:schemaLocation":
                  "http://www.openarchives.org/OAI/2.0/oai-identifier " +
                  "http://www.openarchives.org/OAI/2.0/oai-identifier.xsd",
              },
              textElement("scheme", "oai"),
              textElement("repositoryIdentifier", host),
              textElement("delimiter", ":"),
              textElement(
                "sampleIdentifier",
                oaiIdentifier(site.siteUrl, sample?.id ?? "00000000-0000-4000-8000-000000000000"),
              ),
            ),
          ),
        ]
      : [];
    return {
      body: element(
        "Identify",
        {},
        textElement("repositoryName", journal.title.trim() || DEFAULT_JOURNAL_PROFILE.title),
        textElement("baseURL", baseUrlOf(site)),
        textElement("protocolVersion", "2.0"),
        ...adminEmailsOf(emails, host).map((email) => textElement("adminEmail", email)),
        textElement("earliestDatestamp", datestamp(earliest)),
        textElement("deletedRecord", "persistent"),
        textElement("granularity", "YYYY-MM-DDThh:mm:ssZ"),
        ...descriptions,
      ),
    };
  }

  async function listMetadataFormats(args: Record<string, string>, site: OaiSite): Promise<Answer> {
    if (args.identifier !== undefined && !(await itemOf(args.identifier, site))) {
      return { errors: [noSuchId(args.identifier)] };
    }
    // Every article is offered in every format, so noMetadataFormats never applies.
    return {
      body: element(
        "ListMetadataFormats",
        {},
        ...METADATA_FORMATS.map((format) =>
          element(
            "metadataFormat",
            {},
            textElement("metadataPrefix", format.metadataPrefix),
            textElement("schema", format.schema),
            textElement("metadataNamespace", format.metadataNamespace),
          ),
        ),
      ),
    };
  }

  async function listSets(args: Record<string, string>): Promise<Answer> {
    // The sets fit one answer, so no token was ever given out.
    if (args.resumptionToken !== undefined) {
      return { errors: [{ code: "badResumptionToken", message: "This resumption token was not given out here." }] };
    }
    const issues = await db
      .select()
      .from(journalIssues)
      .where(
        or(
          eq(journalIssues.status, "published"),
          inArray(
            journalIssues.id,
            db.select({ id: articles.issueId }).from(articles).where(visibleTo(articles, "public")),
          ),
          inArray(journalIssues.id, db.select({ id: journalWithdrawals.issueId }).from(journalWithdrawals)),
        ),
      )
      .orderBy(asc(journalIssues.volume), asc(journalIssues.number));
    const volumes = [...new Set(issues.map((issue) => issue.volume))];
    const set = (spec: string, name: string) =>
      element("set", {}, textElement("setSpec", spec), textElement("setName", name));
    return {
      body: element(
        "ListSets",
        {},
        set("volume", "Articles in an issue, by volume"),
        ...volumes.flatMap((volume) => [
          set(`volume:${volume}`, `Volume ${volume}`),
          ...issues
            .filter((issue) => issue.volume === volume)
            .map((issue) => set(issueSetSpecs(issue), issueLabel(issue))),
        ]),
        set("section", "Articles by section"),
        ...ARTICLE_SECTIONS.map((section) => set(`section:${section}`, sectionLabel(section))),
      ),
    };
  }

  async function list(
    verb: "ListIdentifiers" | "ListRecords",
    args: Record<string, string>,
    site: OaiSite,
  ): Promise<Answer> {
    let query: ListQuery;
    let after: Position | undefined;
    if (args.resumptionToken !== undefined) {
      const token = decodeToken(options.secret, args.resumptionToken);
      if (!token || token.verb !== verb) {
        return { errors: [{ code: "badResumptionToken", message: "The resumption token is not valid." }] };
      }
      ({ after, ...query } = token);
    } else {
      const window: TimeWindow | OaiError = timeWindow(args.from, args.until);
      if ("code" in window) return { errors: [window] };
      if (!supportsFormat(args.metadataPrefix)) return { errors: [cannotDisseminate(args.metadataPrefix)] };
      query = {
        verb,
        metadataPrefix: args.metadataPrefix,
        set: args.set ?? null,
        from: window.from?.toISOString() ?? null,
        before: window.before?.toISOString() ?? null,
      };
    }
    const set = setFilter(query.set);
    const items = set === "none" ? [] : await nextItems(query, set, OAI_PAGE_SIZE + 1, after);
    if (!items.length || set === "none") {
      return { errors: [{ code: "noRecordsMatch", message: "No records match the request." }] };
    }
    const page = items.slice(0, OAI_PAGE_SIZE);
    const more = items.length > OAI_PAGE_SIZE;
    const cursor = after?.cursor ?? 0;
    let resumption = "";
    if (more || after) {
      // Counted once, on the first page: the protocol allows the size to be approximate later on.
      const size = after?.size ?? (await listSize(query, set));
      const last = page[page.length - 1];
      const position = { stamp: last.stamp, id: last.id, cursor: cursor + page.length, size };
      const next = more ? encodeToken(options.secret, { ...query, after: position }) : "";
      const attributes: Attributes = { completeListSize: size, cursor };
      resumption = next ? textElement("resumptionToken", next, attributes) : element("resumptionToken", attributes);
    }
    const entries = await records(page, verb === "ListRecords" ? query.metadataPrefix : null, site);
    return { body: element(verb, {}, ...entries, resumption) };
  }

  async function getRecord(args: Record<string, string>, site: OaiSite): Promise<Answer> {
    const item = await itemOf(args.identifier, site);
    const errors = [
      ...(item ? [] : [noSuchId(args.identifier)]),
      ...(supportsFormat(args.metadataPrefix) ? [] : [cannotDisseminate(args.metadataPrefix)]),
    ];
    if (errors.length || !item) return { errors };
    const [record] = await records([item], args.metadataPrefix, site);
    return { body: element("GetRecord", {}, record) };
  }

  async function answer({ verb, args }: OaiRequest, site: OaiSite): Promise<Answer> {
    switch (verb) {
      case "Identify":
        return identify(site);
      case "ListMetadataFormats":
        return listMetadataFormats(args, site);
      case "ListSets":
        return listSets(args);
      case "ListIdentifiers":
      case "ListRecords":
        return list(verb, args, site);
      case "GetRecord":
        return getRecord(args, site);
    }
  }

  return {
    /**
     * The OAI-PMH answer (an XML document) to a request's arguments, as name-value pairs in the
     * order sent. Protocol errors are answers too (HTTP 200), as the protocol has them.
     */
    async respond(pairs: [string, string][], site: OaiSite, now = new Date()): Promise<string> {
      const parsed = parseRequest(pairs);
      const result = "errors" in parsed ? parsed : await answer(parsed, site);
      const echoed: Attributes | null =
        "errors" in result && withoutEcho(result.errors)
          ? null
          : "verb" in parsed
            ? { verb: parsed.verb, ...parsed.args }
            : null;
      return oaiDocument({
        responseDate: now,
        baseUrl: baseUrlOf(site),
        request: echoed,
        body: "errors" in result ? errorElements(result.errors) : result.body,
      });
    },
  };
}

export type OaiService = ReturnType<typeof oaiService>;

const baseUrlOf = (site: OaiSite) => `${siteRoot(site.siteUrl)}/oai`;

/** The repository's contacts: the site's own addresses, else its webmaster's (one is required). */
function adminEmailsOf(emails: string[], host: string): string[] {
  const valid = [...new Set(emails.map((email) => email.trim()).filter((email) => /^\S+@(\S+\.)+\S+$/.test(email)))];
  return valid.length ? valid : [`webmaster@${DOMAIN_NAME.test(host) ? host : "localhost.localdomain"}`];
}
