import { data } from "react-router";

import { PREVIEW_EXPIRED } from "~/domain/messages/editorial";
import { services } from "~/runtime.server";
import { ARTICLE_METADATA_DEFAULTS, type Journal } from "~/services/journals.server";
import type { Post } from "~/services/posts.server";
import type { Preview } from "~/services/previews.server";

const NO_RECORD = "00000000-0000-4000-8000-000000000000";

async function previewOf<Kind extends Preview["kind"]>(token: string, kind: Kind) {
  const preview = await (await services()).previews.byToken(token);
  if (!preview || preview.kind !== kind) throw data({ message: PREVIEW_EXPIRED }, { status: 404 });
  return preview as Extract<Preview, { kind: Kind }>;
}

/** Fields a preview does not carry, from the saved record when there is one. */
function recordFields(saved: { id: string; slug: string; createdAt: Date; updatedAt: Date } | undefined) {
  const now = new Date();
  return {
    id: saved?.id ?? NO_RECORD,
    slug: saved?.slug ?? "preview",
    createdAt: saved?.createdAt ?? now,
    updatedAt: now,
    userId: null,
    status: "draft",
    publishAt: null,
    deletedAt: null,
    version: 0,
  };
}

/** A post as a preview link shows it: the public page's own data, from what the editor had. */
export async function previewedPost(token: string): Promise<{ post: Post; expiresAt: Date }> {
  const preview = await previewOf(token, "post");
  const saved = preview.recordId ? await (await services()).posts.byId(preview.recordId, "admin") : undefined;
  const { title, category, image, content } = preview;
  return {
    post: { ...recordFields(saved), title, category, image, content, excerpt: saved?.excerpt ?? "" },
    expiresAt: preview.expiresAt,
  };
}

/** A journal article as a preview link shows it. */
export async function previewedJournal(
  token: string,
): Promise<{ journal: Journal; saved: Journal | undefined; expiresAt: Date }> {
  const preview = await previewOf(token, "journal");
  const saved = preview.recordId ? await (await services()).journals.byId(preview.recordId, "admin") : undefined;
  const { filename, details, file } = preview;
  const metadata = {
    ...ARTICLE_METADATA_DEFAULTS,
    ...saved,
    ...preview.metadata,
    metadataChangedAt: saved?.metadataChangedAt ?? new Date(),
  };
  return {
    journal: { ...metadata, ...recordFields(saved), filename, details, file },
    saved,
    expiresAt: preview.expiresAt,
  };
}
