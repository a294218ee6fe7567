import { randomBytes } from "node:crypto";

import { and, eq, gt, lt, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { previewTokens } from "~/db/schema";
import { sanitizeRichText } from "~/lib/sanitize.server";

import { type Effects, effectTable } from "./content-changes.server";

/** How long a preview link works: long enough to send to a colleague, short enough to be private. */
export const PREVIEW_DAYS = 7;

/** What a preview keeps of one kind of record: the fields its public page shows, as the editor had them. */
export type PreviewOf<Kind extends string, Fields> = { kind: Kind; recordId: string | null } & Fields;

export type PostPreview = PreviewOf<"post", { title: string; category: string; image: string; content: string }>;

/**
 * Previews: what an editor has in the form (saved or not), kept under a random address that shows
 * it as the public page would, to anyone holding the link, until it expires. `Preview` is every
 * kind the site previews (the composition root names them, app/registry.server.ts), and `richText`
 * each kind's rich-text fields, which are sanitised as they are kept.
 */
export function previewsService<Preview extends PreviewOf<string, object>>(
  db: Database,
  richText: Record<Preview["kind"], readonly string[]>,
) {
  return {
    async create(preview: Preview, createdBy: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(24).toString("base64url");
      const expiresAt = new Date(Date.now() + PREVIEW_DAYS * 86_400_000);
      const data: Record<string, unknown> = { ...preview };
      for (const field of richText[preview.kind as Preview["kind"]] ?? [])
        data[field] = sanitizeRichText(String(data[field] ?? ""));
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
    async byToken(token: string): Promise<(Preview & { expiresAt: Date }) | undefined> {
      if (!/^[\w-]{32}$/.test(token)) return undefined;
      const [row] = await db
        .select()
        .from(previewTokens)
        .where(and(eq(previewTokens.token, token), gt(previewTokens.expiresAt, sql`now()`)));
      if (!row) return undefined;
      return { ...(row.data as Preview), expiresAt: row.expiresAt };
    },
  };
}

export type PreviewsService = ReturnType<typeof previewsService>;

/** Previews are never public content: nothing cached depends on them. */
export const previewsEffects = effectTable({ read: ["byToken"], write: ["create"] }) satisfies Effects<PreviewsService>;
