import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~/db/client.server";
import { announcement, focusPages, siteSettings, staff } from "~/db/schema";
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
import { requireStoredImage, type StoredFiles } from "./errors.server";

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

export function siteContentService(db: Database, files: StoredFiles) {
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

    async saveSettings(section: SettingsSection, fields: Record<string, string>) {
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

    async saveStaff(role: StaffRole, record: Omit<StaffRecord, "role">) {
      const [current] = await db.select({ photo: staff.photo }).from(staff).where(eq(staff.role, role));
      if (record.photo !== current?.photo) await requireStoredImage(files, record.photo, "photo");
      await files.claimNamedIn(record.description);
      await db
        .insert(staff)
        .values({ role, ...record })
        .onConflictDoUpdate({ target: staff.role, set: { ...record, updatedAt: sql`now()` } });
    },

    async announcement() {
      const [row] = await db.select().from(announcement).limit(1);
      return { title: row?.title ?? "", content: row?.content ?? "" };
    },

    async saveAnnouncement(raw: { title: string; content: string }) {
      const input = { title: raw.title.trim(), content: sanitizeRichText(raw.content) };
      await files.claimNamedIn(input.content);
      await db
        .insert(announcement)
        .values({ id: 1, ...input })
        .onConflictDoUpdate({ target: announcement.id, set: { ...input, updatedAt: sql`now()` } });
    },

    async focus(key: FocusKey): Promise<FocusRecord> {
      const [row] = await db.select().from(focusPages).where(eq(focusPages.key, key)).limit(1);
      return { key, title: row?.title ?? "", subtitle: row?.subtitle ?? "", content: row?.content ?? "" };
    },

    async saveFocus(raw: FocusRecord) {
      const record = { ...raw, content: sanitizeRichText(raw.content) };
      await files.claimNamedIn(record.content);
      const { title, subtitle, content } = record;
      await db
        .insert(focusPages)
        .values(record)
        .onConflictDoUpdate({ target: focusPages.key, set: { title, subtitle, content, updatedAt: sql`now()` } });
    },
  };
}

export type SiteContentService = ReturnType<typeof siteContentService>;

/** What each method does: a save drops the cached pages (and remembered reads) of its kind. */
export const siteContentEffects = effectTable({
  read: ["settings", "settingsOf", "siteLinks", "staff", "announcement", "focus"],
  write: ["saveSettings", "saveSiteLinks", "saveStaff", "saveAnnouncement", "saveFocus"],
}) satisfies Effects<SiteContentService>;
