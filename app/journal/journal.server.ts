import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { articles, journalIssues, journalProfile } from "~/db/schema";
import { REVISION_GONE } from "~/domain/messages/editorial";
import { type IssueInput, journalProfileFromForm, journalProfileToForm } from "~/journal/forms";
import { ISSUE_ALREADY_PUBLISHED, ISSUE_GONE, ISSUE_HAS_ARTICLES, ISSUE_TAKEN } from "~/journal/messages";
import { DEFAULT_JOURNAL_PROFILE, type JournalProfile, LICENCE_IDS } from "~/journal/vocabulary";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { type Effects, effectTable } from "~/services/content-changes.server";
import {
  listRevisions,
  nextRevisionVersion,
  recordRevision,
  revisionById,
  visibleTo,
} from "~/services/editorial.server";
import { ConflictError, NotFoundError, requireStoredImage, type StoredFiles } from "~/services/errors.server";

export type Issue = typeof journalIssues.$inferSelect;
export type IssueWithCount = Issue & { articles: number };

/** The journal's settings are one record: its revisions are kept under this kind and id. */
export const PROFILE_REVISIONS = "journal-settings" as const;
export const PROFILE_RECORD = "profile";

/** A stored profile is read through its defaults, so a field added later has a value. */
function readProfile(fields: Record<string, unknown> | undefined): JournalProfile {
  const profile = { ...DEFAULT_JOURNAL_PROFILE, ...(fields as Partial<JournalProfile>) };
  if (!(LICENCE_IDS as readonly string[]).includes(profile.licence)) profile.licence = DEFAULT_JOURNAL_PROFILE.licence;
  if (!Array.isArray(profile.board)) profile.board = [];
  return profile;
}

/** An article that went public with its issue, as the editor is told. */
export type PublishedWithIssue = { id: string; slug: string; title: string };

/**
 * Publishes the articles waiting for an issue that is being published, in the caller's
 * transaction, before the issue itself (an article public before is told by its withdrawal, which
 * the issue's publication removes): drafts in it, and articles already marked published. Those
 * going public for the first time take now as their public date (lists, feeds) and the issue's
 * date as their date of publication unless they have their own; one that was public before (online
 * first, or in an issue published once already) keeps its dates. Scheduled ones keep their time.
 */
async function publishArticlesOf(tx: Database, issueId: string, issueDate: string): Promise<PublishedWithIssue[]> {
  const wasPublic = sql`(${articles.status} = 'published' and exists (select 1 from journal_withdrawals w where w.article_id = ${articles.id}))`;
  return tx
    .update(articles)
    .set({
      status: "published",
      publishAt: null,
      version: sql`${articles.version} + 1`,
      updatedAt: new Date(),
      createdAt: sql`case when ${wasPublic} then ${articles.createdAt} else now() end`,
      publishedOn: sql`case when ${wasPublic} then ${articles.publishedOn} else coalesce(${articles.publishedOn}, ${issueDate}::date) end`,
    })
    .where(
      and(eq(articles.issueId, issueId), isNull(articles.deletedAt), inArray(articles.status, ["draft", "published"])),
    )
    .returning({ id: articles.id, slug: articles.slug, title: articles.title });
}

/** Today in the database's calendar: an issue published without a date takes it. */
async function today(tx: Database): Promise<string> {
  const [row] = rowsOf<{ today: string }>(await tx.execute(sql`select current_date::text as today`));
  return row.today;
}

/**
 * The journal as a periodical (issue 20): its settings, its volumes and issues, and how often its
 * articles are read. The articles themselves are the articles service's.
 */
export function journalService(db: Database, files: StoredFiles) {
  async function issueTaken<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error).constraint === "journal_issues_volume_number_key")
        throw new ConflictError(ISSUE_TAKEN, "number");
      throw error;
    }
  }

  const issueValues = (input: IssueInput) => ({
    volume: input.volume,
    number: input.number,
    year: input.year,
    title: input.title.trim(),
    description: sanitizeRichText(input.description),
    cover: input.cover,
    publishedOn: input.publishedOn,
    status: input.status,
  });

  return {
    /** The journal's settings (title, ISSNs, licence, board, call for papers…). */
    async profile(): Promise<JournalProfile> {
      const [row] = await db.select().from(journalProfile).where(eq(journalProfile.id, 1));
      return readProfile(row?.fields);
    },

    /**
     * Saves the journal's settings, keeping the save as a revision (who, when) as the site's other
     * content does; the settings as they were before the first save are kept first.
     */
    async saveProfile(profile: JournalProfile, editorId?: string | null): Promise<JournalProfile> {
      await files.claimNamedIn(profile.focusScope, profile.callText);
      const fields = {
        ...profile,
        focusScope: sanitizeRichText(profile.focusScope),
        callText: sanitizeRichText(profile.callText),
      };
      const before = await this.profile();
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        await txDb
          .insert(journalProfile)
          .values({ id: 1, fields })
          .onConflictDoUpdate({ target: journalProfile.id, set: { fields, updatedAt: new Date() } });
        let version = await nextRevisionVersion(txDb, PROFILE_REVISIONS, PROFILE_RECORD);
        if (version === 1)
          await recordRevision(txDb, {
            kind: PROFILE_REVISIONS,
            recordId: PROFILE_RECORD,
            version: version++,
            data: journalProfileToForm(before),
            authorId: null,
          });
        await recordRevision(txDb, {
          kind: PROFILE_REVISIONS,
          recordId: PROFILE_RECORD,
          version,
          data: journalProfileToForm(readProfile(fields)),
          authorId: editorId ?? null,
        });
      });
      return readProfile(fields);
    },

    /** The saves of the journal's settings, newest first. */
    async profileRevisions() {
      return listRevisions(db, PROFILE_REVISIONS, PROFILE_RECORD);
    },

    async profileRevision(revisionId: string) {
      const revision = await revisionById(db, PROFILE_REVISIONS, revisionId);
      if (!revision || revision.recordId !== PROFILE_RECORD) throw new NotFoundError(REVISION_GONE);
      return revision;
    },

    /**
     * The call for papers (decision 040): the settings' call title and text, the one record the
     * call-for-papers page, its banner, search, the Announcement tab and /api/announce all read.
     */
    async call(): Promise<{ title: string; content: string }> {
      const profile = await this.profile();
      return { title: profile.callTitle, content: profile.callText };
    },

    /** Saves the call's title and text (the Announcement tab, PUT /api/announce); the rest stays as it is. */
    async saveCall(call: { title: string; content: string }, editorId?: string | null) {
      const profile = await this.profile();
      const saved = await this.saveProfile({ ...profile, callTitle: call.title, callText: call.content }, editorId);
      return { title: saved.callTitle, content: saved.callText };
    },

    /** Saves an earlier version of the settings again: itself a new revision. */
    async restoreProfileRevision(revisionId: string, editorId?: string | null): Promise<JournalProfile> {
      const { data } = await this.profileRevision(revisionId);
      const form = { ...journalProfileToForm(DEFAULT_JOURNAL_PROFILE), ...(data as Record<string, string>) };
      return this.saveProfile(journalProfileFromForm(form), editorId);
    },

    /**
     * Every issue, newest volume and number first, with how many articles the public sees in
     * each. Visitors see published issues only; `includeForthcoming` (the dashboard) lists every
     * issue with every article in it that is not in the trash, drafts and those waiting included.
     */
    async issues(options: { includeForthcoming?: boolean } = {}): Promise<IssueWithCount[]> {
      const counted = db
        .select({ issueId: articles.issueId, count: sql<number>`count(*)::int`.as("count") })
        .from(articles)
        .where(visibleTo(articles, options.includeForthcoming ? "admin" : "public"))
        .groupBy(articles.issueId)
        .as("counted");
      const rows = await db
        .select({ issue: journalIssues, count: counted.count })
        .from(journalIssues)
        .leftJoin(counted, eq(counted.issueId, journalIssues.id))
        .where(options.includeForthcoming ? undefined : eq(journalIssues.status, "published"))
        .orderBy(desc(journalIssues.volume), desc(journalIssues.number));
      return rows.map(({ issue, count }) => ({ ...issue, articles: count ?? 0 }));
    },

    async issueById(id: string): Promise<Issue | undefined> {
      const [row] = await db.select().from(journalIssues).where(eq(journalIssues.id, id));
      return row;
    },

    /** An issue by its volume and number; a forthcoming one only for `includeForthcoming` (admins). */
    async issueByNumber(volume: number, number: number, includeForthcoming = false): Promise<Issue | undefined> {
      const [row] = await db
        .select()
        .from(journalIssues)
        .where(
          and(
            eq(journalIssues.volume, volume),
            eq(journalIssues.number, number),
            includeForthcoming ? undefined : eq(journalIssues.status, "published"),
          ),
        );
      return row;
    },

    /** The latest published issue: the journals page leads with it. */
    async currentIssue(): Promise<Issue | undefined> {
      const [row] = await db
        .select()
        .from(journalIssues)
        .where(eq(journalIssues.status, "published"))
        .orderBy(
          sql`${journalIssues.publishedOn} desc nulls last`,
          desc(journalIssues.volume),
          desc(journalIssues.number),
        )
        .limit(1);
      return row;
    },

    async createIssue(input: IssueInput): Promise<Issue> {
      await requireStoredImage(files, input.cover, "cover");
      await files.claimNamedIn(input.description, input.cover);
      const [row] = await issueTaken(() => db.insert(journalIssues).values(issueValues(input)).returning());
      return row;
    },

    /**
     * Saves an issue. Saved from forthcoming to published, it is published with its articles, as
     * `publishIssue` does, in the same transaction. (Its articles' datestamps move with any change:
     * a trigger of migration 0012.)
     */
    async updateIssue(id: string, input: IssueInput): Promise<Issue> {
      await requireStoredImage(files, input.cover, "cover");
      await files.claimNamedIn(input.description, input.cover);
      return db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        const [before] = await txDb
          .select({ status: journalIssues.status })
          .from(journalIssues)
          .where(eq(journalIssues.id, id))
          .for("update");
        if (!before) throw new NotFoundError(ISSUE_GONE);
        const values = issueValues(input);
        if (before.status !== "published" && values.status === "published") {
          values.publishedOn ??= await today(txDb);
          await publishArticlesOf(txDb, id, values.publishedOn);
        }
        const [row] = await issueTaken(() =>
          txDb
            .update(journalIssues)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(journalIssues.id, id))
            .returning(),
        );
        return row;
      });
    },

    /**
     * Publishes a forthcoming issue and the articles waiting for it, together (one transaction):
     * the issue takes today's date unless it has one. Refused for an issue already published: of
     * two editors pressing at once, the second waits for the first's lock and is refused.
     */
    async publishIssue(id: string): Promise<{ issue: Issue; articles: PublishedWithIssue[] }> {
      return db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        const [forthcoming] = await txDb
          .select()
          .from(journalIssues)
          .where(and(eq(journalIssues.id, id), eq(journalIssues.status, "forthcoming")))
          .for("update");
        if (!forthcoming) {
          const [exists] = await txDb
            .select({ id: journalIssues.id })
            .from(journalIssues)
            .where(eq(journalIssues.id, id));
          throw exists ? new ConflictError(ISSUE_ALREADY_PUBLISHED) : new NotFoundError(ISSUE_GONE);
        }
        const publishedOn = forthcoming.publishedOn ?? (await today(txDb));
        const articles = await publishArticlesOf(txDb, id, publishedOn);
        const [issue] = await txDb
          .update(journalIssues)
          .set({ status: "published", publishedOn, updatedAt: new Date() })
          .where(eq(journalIssues.id, id))
          .returning();
        return { issue, articles };
      });
    },

    /** Deletes an issue with no articles (not even drafts or trashed ones) left in it. */
    async removeIssue(id: string): Promise<Issue> {
      const [used] = await db.select({ id: articles.id }).from(articles).where(eq(articles.issueId, id)).limit(1);
      if (used) throw new ConflictError(ISSUE_HAS_ARTICLES);
      const [row] = await db.delete(journalIssues).where(eq(journalIssues.id, id)).returning();
      if (!row) throw new NotFoundError(ISSUE_GONE);
      return row;
    },
  };
}

export type JournalService = ReturnType<typeof journalService>;

/** Writes drop the cached pages that show the journal. */
export const journalEffects = effectTable({
  read: [
    "profile",
    "call",
    "profileRevisions",
    "profileRevision",
    "issues",
    "issueById",
    "issueByNumber",
    "currentIssue",
  ],
  write: [
    "saveProfile",
    "saveCall",
    "restoreProfileRevision",
    "createIssue",
    "updateIssue",
    "publishIssue",
    "removeIssue",
  ],
}) satisfies Effects<JournalService>;
