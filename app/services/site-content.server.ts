import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~/db/client.server";
import { announcement, focusPages, siteSettings, staff } from "~/db/schema";
import { REVISION_GONE } from "~/domain/messages/editorial";
import {
  type FocusKey,
  type SettingsSection,
  SITE_LINKS_SECTION,
  STAFF_ROLES,
  type StaffRole,
} from "~/domain/vocabulary";
import { isImageField } from "~/lib/forms/site-content";
import { sanitizeRichText } from "~/lib/sanitize.server";
import {
  DEFAULT_SITE_LINKS,
  emptySettings,
  type FocusRecord,
  type SettingsFields,
  type SiteLinks,
  type StaffRecord,
} from "~/lib/site-content";

import { type Effects, effectTable } from "./content-changes.server";
import { listRevisions, nextRevisionVersion, recordRevision, revisionById } from "./editorial.server";
import { NotFoundError, requireStoredImage, type StoredFiles } from "./errors.server";

const linkSchema = z.object({ label: z.string().min(1), href: z.string().min(1) });
const siteLinksSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  motto: z.string(),
  university: z.string(),
  address: z.string(),
  applyUrl: z.string(),
  submissionEmails: z.array(z.string()),
  footerColumns: z.array(z.object({ title: z.string().min(1), links: z.array(linkSchema) })),
  socialLinks: z.array(linkSchema),
}) satisfies z.ZodType<SiteLinks>;

/** The kinds of site content whose saves are kept as revisions, and what names one record of each. */
export type SiteRevisionKind = "settings" | "staff" | "announcement" | "focus";

export function siteContentService(db: Database, files: StoredFiles) {
  /**
   * Keeps a save as a revision (who, when). Content saved before revisions existed is kept first,
   * as it was, so the first save here can be undone too.
   */
  async function keepRevision(
    kind: SiteRevisionKind,
    recordId: string,
    before: unknown,
    after: unknown,
    editorId: string | null | undefined,
  ) {
    let version = await nextRevisionVersion(db, kind, recordId);
    if (version === 1) await recordRevision(db, { kind, recordId, version: version++, data: before, authorId: null });
    await recordRevision(db, { kind, recordId, version, data: after, authorId: editorId });
  }

  return {
    /** A settings section's fields; missing fields read as empty text. */
    async settings<S extends SettingsSection>(section: S): Promise<SettingsFields<S>> {
      return (await this.settingsOf([section]))[section];
    },

    /** Several sections in one query (the home page shows six). */
    async settingsOf<S extends SettingsSection>(sections: readonly S[]): Promise<{ [K in S]: SettingsFields<K> }> {
      const rows = await db
        .select()
        .from(siteSettings)
        .where(inArray(siteSettings.section, [...sections]));
      const result = {} as { [K in S]: SettingsFields<K> };
      for (const section of sections) {
        const stored = rows.find((row) => row.section === section)?.fields;
        const fields = emptySettings(section);
        for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
          const value = stored?.[key as string];
          if (typeof value === "string") fields[key] = value as never;
        }
        result[section] = fields;
      }
      return result;
    },

    async saveSettings(section: SettingsSection, fields: Record<string, string>, editorId?: string | null) {
      // Only a new image must be one uploaded here; the one the section has stays acceptable.
      const current = (await this.settings(section)) as Record<string, string>;
      for (const [field, value] of Object.entries(fields)) {
        if (isImageField(field) && value !== current[field]) await requireStoredImage(files, value, field);
      }
      await files.claimNamedIn(...Object.values(fields));
      await db
        .insert(siteSettings)
        .values({ section, fields })
        .onConflictDoUpdate({ target: siteSettings.section, set: { fields, updatedAt: sql`now()` } });
      await keepRevision("settings", section, current, fields, editorId);
    },

    async siteLinks(): Promise<SiteLinks> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.section, SITE_LINKS_SECTION)).limit(1);
      const parsed = siteLinksSchema.safeParse({ ...DEFAULT_SITE_LINKS, ...row?.fields });
      return parsed.success ? parsed.data : DEFAULT_SITE_LINKS;
    },

    async saveSiteLinks(links: SiteLinks) {
      const fields = siteLinksSchema.parse(links);
      // A link may point at an uploaded PDF.
      await files.claimNamedIn(JSON.stringify(fields));
      await db
        .insert(siteSettings)
        .values({ section: SITE_LINKS_SECTION, fields })
        .onConflictDoUpdate({ target: siteSettings.section, set: { fields, updatedAt: sql`now()` } });
    },

    /** Every role, in the order of SPEC.md, with empty records for roles not yet filled in. */
    async staff(): Promise<StaffRecord[]> {
      const rows = await db.select().from(staff);
      return STAFF_ROLES.map((role) => {
        const row = rows.find((r) => r.role === role);
        return {
          role,
          name: row?.name ?? "",
          post: row?.post ?? "",
          email: row?.email ?? "",
          description: row?.description ?? "",
          photo: row?.photo ?? "",
        };
      });
    },

    async saveStaff(role: StaffRole, record: Omit<StaffRecord, "role">, editorId?: string | null) {
      const before = (await this.staff()).find((r) => r.role === role)!;
      const current = { photo: before.photo };
      if (record.photo !== current?.photo) await requireStoredImage(files, record.photo, "photo");
      await files.claimNamedIn(record.description);
      await db
        .insert(staff)
        .values({ role, ...record })
        .onConflictDoUpdate({ target: staff.role, set: { ...record, updatedAt: sql`now()` } });
      await keepRevision("staff", role, before, { role, ...record }, editorId);
    },

    async announcement() {
      const [row] = await db.select().from(announcement).limit(1);
      return { title: row?.title ?? "", content: row?.content ?? "" };
    },

    async saveAnnouncement(raw: { title: string; content: string }, editorId?: string | null) {
      const before = await this.announcement();
      const input = { title: raw.title.trim(), content: sanitizeRichText(raw.content) };
      await files.claimNamedIn(input.content);
      await db
        .insert(announcement)
        .values({ id: 1, ...input })
        .onConflictDoUpdate({ target: announcement.id, set: { ...input, updatedAt: sql`now()` } });
      await keepRevision("announcement", "announcement", before, input, editorId);
    },

    async focus(key: FocusKey): Promise<FocusRecord> {
      const [row] = await db.select().from(focusPages).where(eq(focusPages.key, key)).limit(1);
      return { key, title: row?.title ?? "", subtitle: row?.subtitle ?? "", content: row?.content ?? "" };
    },

    async saveFocus(raw: FocusRecord, editorId?: string | null) {
      const before = await this.focus(raw.key);
      const record = { ...raw, content: sanitizeRichText(raw.content) };
      await files.claimNamedIn(record.content);
      const { title, subtitle, content } = record;
      await db
        .insert(focusPages)
        .values(record)
        .onConflictDoUpdate({ target: focusPages.key, set: { title, subtitle, content, updatedAt: sql`now()` } });
      await keepRevision("focus", raw.key, before, record, editorId);
    },

    /** The saves of one settings section, staff role, the announcement or one focus page. */
    async revisions(kind: SiteRevisionKind, recordId: string) {
      return listRevisions(db, kind, recordId);
    },

    async revision(kind: SiteRevisionKind, recordId: string, revisionId: string) {
      const revision = await revisionById(db, kind, revisionId);
      if (!revision || revision.recordId !== recordId) throw new NotFoundError(REVISION_GONE);
      return revision;
    },

    /** Saves a revision's content again: itself a new revision. */
    async restoreRevision(kind: SiteRevisionKind, recordId: string, revisionId: string, editorId?: string | null) {
      const data = (await this.revision(kind, recordId, revisionId)).data as Record<string, string>;
      const text = (name: string) => String(data[name] ?? "");
      if (kind === "settings") return this.saveSettings(recordId as SettingsSection, data, editorId);
      if (kind === "staff") {
        const record = {
          name: text("name"),
          post: text("post"),
          email: text("email"),
          description: text("description"),
          photo: text("photo"),
        };
        return this.saveStaff(recordId as StaffRole, record, editorId);
      }
      if (kind === "announcement")
        return this.saveAnnouncement({ title: text("title"), content: text("content") }, editorId);
      return this.saveFocus(
        { key: recordId as FocusKey, title: text("title"), subtitle: text("subtitle"), content: text("content") },
        editorId,
      );
    },
  };
}

export type SiteContentService = ReturnType<typeof siteContentService>;

/** What each method does: a save drops the cached pages (and remembered reads) of its kind. */
export const siteContentEffects = effectTable({
  read: ["settings", "settingsOf", "siteLinks", "staff", "announcement", "focus", "revisions", "revision"],
  write: ["saveSettings", "saveSiteLinks", "saveStaff", "saveAnnouncement", "saveFocus", "restoreRevision"],
}) satisfies Effects<SiteContentService>;
