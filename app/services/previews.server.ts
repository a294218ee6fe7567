import { randomBytes } from "node:crypto";

import { and, eq, gt, lt, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { previewTokens } from "~/db/schema";
import type { ArticleMetadata } from "~/lib/forms/scholarly";
import { sanitizeRichText } from "~/lib/sanitize.server";

import { type Effects, effectTable } from "./content-changes.server";

/** How long a preview link works: long enough to send to a colleague, short enough to be private. */
export const PREVIEW_DAYS = 7;

export type PostPreview = {
  kind: "post";
  recordId: string | null;
  title: string;
  category: string;
  image: string;
  content: string;
};
export type JournalPreview = {
  kind: "journal";
  recordId: string | null;
  filename: string;
  details: string;
  file: string;
  /** The scholarly fields as the editor had them (absent when they did not pass the form's checks). */
  metadata?: ArticleMetadata;
};
export type Preview = (PostPreview | JournalPreview) & { expiresAt: Date };

/**
 * Previews: what an editor has in the form (saved or not), kept under a random address that shows
 * it as the public page would, to anyone holding the link, until it expires.
 */
export function previewsService(db: Database) {
  return {
    async create(
      preview: PostPreview | JournalPreview,
      createdBy: string,
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(24).toString("base64url");
      const expiresAt = new Date(Date.now() + PREVIEW_DAYS * 86_400_000);
      const data =
        preview.kind === "post"
          ? { ...preview, content: sanitizeRichText(preview.content) }
          : { ...preview, details: sanitizeRichText(preview.details) };
      // Expired links are forgotten as new ones are made.
      await db.delete(previewTokens).where(lt(previewTokens.expiresAt, sql`now()`));
      await db.insert(previewTokens).values({
        token,
        kind: preview.kind,
        recordId: preview.recordId,
        data,
        createdBy,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** The preview behind a link, if the link is one and has not expired. */
    async byToken(token: string): Promise<Preview | undefined> {
      if (!/^[\w-]{32}$/.test(token)) return undefined;
      const [row] = await db
        .select()
        .from(previewTokens)
        .where(and(eq(previewTokens.token, token), gt(previewTokens.expiresAt, sql`now()`)));
      if (!row) return undefined;
      return { ...(row.data as PostPreview | JournalPreview), expiresAt: row.expiresAt };
    },
  };
}

export type PreviewsService = ReturnType<typeof previewsService>;

/** Previews are never public content: nothing cached depends on them. */
export const previewsEffects = effectTable({ read: ["byToken"], write: ["create"] }) satisfies Effects<PreviewsService>;
