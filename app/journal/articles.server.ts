import { and, asc, eq, isNull, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { articles } from "~/db/schema";
import { PDF_NOT_STORED } from "~/domain/messages/media";
import {
  ARTICLE_REVISION_KEYS,
  type ArticleFieldValues as ArticleMetadata,
  pickArticleFields,
} from "~/journal/article-fields";
import { ARTICLE_GONE, DOI_TAKEN, PAGES_ORDER } from "~/journal/messages";
import { ARTICLE_SECTIONS } from "~/journal/vocabulary";
import { sanitizeRichText } from "~/lib/sanitize.server";
import type { Effects } from "~/services/content-changes.server";
import {
  type Audience,
  editorialColumns,
  type EditorialInput,
  publishDue,
  visibleTo,
} from "~/services/editorial.server";
import {
  type AdminListQuery,
  editorialEffects,
  editorialRecords,
  handedOn,
  type SaveOptions,
} from "~/services/editorial-records.server";
import { ConflictError, InvalidError, NotFoundError, type StoredFiles } from "~/services/errors.server";
import { countWhere, pageNewestFirst } from "~/services/newest-first.server";
import { ARTICLES_PAGE_SIZE, type PageRequest } from "~/services/pagination";
import type { PreviewOf } from "~/services/previews.server";

/** An article as stored: SPEC.md's "journal" (the JSON API's names are mapped in api/records.server.ts). */
export type ArticleRecord = typeof articles.$inferSelect;

export type ArticleInput = EditorialInput &
  Partial<ArticleMetadata> & {
    title: string;
    /** Rich text. */
    abstract: string;
    /** The address of a PDF uploaded here. */
    pdf: string;
    userId?: string | null;
    /** The address asked for on creation; made from the title when empty. */
    slug?: string;
  };

function byAuthor(filter: { userId?: string }) {
  return [filter.userId ? eq(articles.userId, filter.userId) : undefined];
}

/** The scholarly fields a save was given (those not given keep their stored values). */
function metadataColumns(input: Partial<ArticleMetadata>) {
  const columns = pickArticleFields(input) as Partial<ArticleRecord>;
  // Trimmed and free of duplicates: an author's affiliation or a keyword is shown as typed.
  if (columns.keywords) columns.keywords = [...new Set(columns.keywords.map((k) => k.trim()).filter(Boolean))];
  return columns;
}

/** A DOI another article has: the editor's words, not the database's. */
async function refusingTakenDoi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error).constraint === "articles_doi_key") throw new ConflictError(DOI_TAKEN, "doi");
    if (pgErrorCode(error).constraint?.startsWith("articles_issue_id"))
      throw new InvalidError("Choose an issue", "issueId");
    // The editor's form checks the order; the JSON API's body is checked here.
    if (pgErrorCode(error).constraint === "articles_pages_check") throw new InvalidError(PAGES_ORDER, "lastPage");
    throw error;
  }
}

/** An article as a preview link keeps it (services/previews.server.ts): its abstract is sanitised as it is kept. */
export type ArticlePreview = PreviewOf<
  "journal",
  {
    title: string;
    abstract: string;
    pdf: string;
    /** The scholarly fields as the editor had them (absent when they did not pass the form's checks). */
    metadata?: ArticleMetadata;
  }
>;
/** The fields of an article's preview that are rich text. */
export const ARTICLE_PREVIEW_RICH_TEXT = ["abstract"] as const;

/**
 * What a revision of an article keeps (restoring one puts back all but the address and status).
 * The history page compares every one of these fields: its descriptions are typed by this.
 */
export type ArticleSnapshot = Pick<
  ArticleRecord,
  "title" | "abstract" | "pdf" | "slug" | "status" | (typeof ARTICLE_REVISION_KEYS)[number]
>;

const articleSnapshot = (article: ArticleRecord): ArticleSnapshot => ({
  title: article.title,
  abstract: article.abstract,
  pdf: article.pdf,
  slug: article.slug,
  status: article.status,
  ...(Object.fromEntries(ARTICLE_REVISION_KEYS.map((key) => [key, article[key]])) as Pick<
    ArticleRecord,
    (typeof ARTICLE_REVISION_KEYS)[number]
  >),
});

/** The journal's articles: drafts to published, their PDFs, revisions and addresses (decision 020). */
export function articlesService(db: Database, files: StoredFiles) {
  const records = editorialRecords(db, {
    table: articles,
    kind: "journal",
    gone: ARTICLE_GONE,
    titleColumn: articles.title,
    snapshot: articleSnapshot,
  });
  const publicOnly = visibleTo(articles, "public");

  async function requirePdf(pdf: string) {
    if (!(await files.isStored(pdf, "pdf"))) throw new InvalidError(PDF_NOT_STORED, "pdf");
  }
  /** Supplementary files are PDFs uploaded here, like the article's own. */
  async function requireSupplementary(entries: ArticleRecord["supplementary"] | undefined) {
    for (const [i, entry] of (entries ?? []).entries())
      if (!(await files.isStored(entry.file, "pdf"))) throw new InvalidError(PDF_NOT_STORED, `supp${i}_file`);
  }
  /**
   * A PDF that no article (not even one in the trash) and no revision of one uses any more is
   * withdrawn from the site.
   */
  async function withdrawIfUnused(pdf: string) {
    const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.pdf, pdf)).limit(1);
    if (!row) await files.removeByUrl(pdf);
  }

  async function insertArticle(input: ArticleInput, createdAt?: Date, id?: string): Promise<ArticleRecord | undefined> {
    await requirePdf(input.pdf);
    await files.claimNamedIn(input.abstract);
    const title = input.title.trim();
    const editorial = editorialColumns(input);
    await requireSupplementary(input.supplementary);
    await files.claimNamedIn(...(input.supplementary ?? []).map((s) => s.file));
    const values = {
      title,
      abstract: sanitizeRichText(input.abstract),
      pdf: input.pdf,
      userId: input.userId ?? null,
      status: editorial.status,
      publishAt: editorial.publishAt,
      ...metadataColumns(input),
      ...(createdAt || editorial.createdAt ? { createdAt: createdAt ?? editorial.createdAt } : {}),
    };
    const slugFrom = input.slug?.trim() || title;
    return refusingTakenDoi(() =>
      id ? records.insertOnce(id, slugFrom, values, input.userId) : records.insert(slugFrom, values, input.userId),
    );
  }

  return {
    // Shared with posts as they are: by address or id, old addresses, the trash, bulk status, history.
    ...handedOn(records),

    /** Public lists: what visitors may see, newest first. */
    async list(request: PageRequest & { userId?: string } = {}) {
      return pageNewestFirst(db, articles, request, ARTICLES_PAGE_SIZE, [publicOnly, ...byAuthor(request)]);
    },

    /**
     * The dashboard's list: drafts and scheduled articles too; search, filters, sort, and one
     * issue's articles (`issueId`; "none": those in no issue yet).
     */
    async adminList(query: AdminListQuery & { issueId?: string }) {
      const { issueId, ...rest } = query;
      const inIssue = !issueId
        ? undefined
        : issueId === "none"
          ? isNull(articles.issueId)
          : eq(articles.issueId, issueId);
      return records.adminList({ ...rest, filters: [...(rest.filters ?? []), inIssue] });
    },

    /** Never an article without its PDF: the file must be one uploaded here. */
    async create(input: ArticleInput, createdAt?: Date): Promise<ArticleRecord> {
      return (await insertArticle(input, createdAt))!;
    },

    /**
     * A new article under `id`, the key its editor page was given; undefined (nothing written) when
     * a save with that key already made it: that page's autosave, a second click, a retry.
     */
    async createOnce(id: string, input: ArticleInput): Promise<ArticleRecord | undefined> {
      return insertArticle(input, undefined, id);
    },

    /**
     * Saves an edited article (title, abstract, perhaps a new PDF) at the version the editor
     * loaded. The address changes only when the slug field does; the old one then redirects.
     */
    async update(
      id: string,
      input: Omit<ArticleInput, "userId" | "slug">,
      options: SaveOptions = {},
    ): Promise<ArticleRecord> {
      const current = await records.byId(id, "admin");
      if (!current) throw new NotFoundError(ARTICLE_GONE);
      if (input.pdf !== current.pdf) await requirePdf(input.pdf);
      await files.claimNamedIn(input.abstract);
      const editorial = editorialColumns(input, current);
      await requireSupplementary(input.supplementary);
      await files.claimNamedIn(...(input.supplementary ?? []).map((s) => s.file));
      // A replaced PDF stays stored: the revisions before this save still name it.
      return refusingTakenDoi(() =>
        records.save(
          current,
          {
            title: input.title.trim(),
            abstract: sanitizeRichText(input.abstract),
            pdf: input.pdf,
            ...metadataColumns(input),
            ...editorial,
          },
          options,
        ),
      );
    },

    /** Moves an article to the trash: restorable for 30 days, gone from the site at once. */
    async remove(id: string): Promise<ArticleRecord> {
      return records.trashOne(id);
    },

    /** Deletes trashed articles for good, and their PDFs unless another article uses the same file. */
    async purge(ids: string[]) {
      const removed = await records.purge(ids);
      for (const row of removed) await withdrawIfUnused(row.pdf);
      return removed;
    },

    /** Saves a revision's fields again (the address and status stay): itself a new revision. */
    async restoreRevision(id: string, revisionId: string, editorId?: string | null): Promise<ArticleRecord> {
      const { data } = await records.revision(id, revisionId);
      const old = data as ArticleSnapshot & Record<string, unknown>;
      // Revisions from before the scholarly fields existed restore only what they kept.
      const metadata = Object.fromEntries(
        ARTICLE_REVISION_KEYS.filter((key) => key in old).map((key) => [key, old[key]]),
      );
      return this.update(
        id,
        { title: old.title, abstract: old.abstract, pdf: old.pdf, ...(metadata as Partial<ArticleMetadata>) },
        { editorId },
      );
    },

    /** Scheduled articles whose time has come become published (the publishing tick). */
    async publishDue() {
      return publishDue(db, articles);
    },

    /** Trashed articles older than the trash keeps are deleted for good, with unused PDFs. */
    async purgeExpired() {
      const removed = await records.purge();
      for (const row of removed) await withdrawIfUnused(row.pdf);
      return removed;
    },

    /**
     * An issue's table of contents, or the articles published without an issue (`null`): by
     * section in the journal's order, then by first page, then by title.
     */
    async inIssue(issueId: string | null, audience: Audience = "public"): Promise<ArticleRecord[]> {
      return db
        .select()
        .from(articles)
        .where(and(visibleTo(articles, audience), issueId ? eq(articles.issueId, issueId) : isNull(articles.issueId)))
        .orderBy(
          sql`array_position(${sql.raw(`ARRAY[${ARTICLE_SECTIONS.map((s) => `'${s}'`).join(",")}]::text[]`)}, ${articles.section})`,
          sql`${articles.firstPage} asc nulls last`,
          asc(articles.title),
        );
    },

    async count(filter: { userId?: string } = {}) {
      return countWhere(db, articles, [publicOnly, ...byAuthor(filter)]);
    },
  };
}

export type ArticlesService = ReturnType<typeof articlesService>;

/** What each method does to stored articles: writes drop the cached pages that show articles. */
export const articlesEffects = editorialEffects(["list", "inIssue"]) satisfies Effects<ArticlesService>;
