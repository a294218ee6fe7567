import { data } from "react-router";

import { PREVIEW_EXPIRED } from "~/domain/messages/editorial";
import type { Services } from "~/runtime.server";
import { services } from "~/runtime.server";
import type { Post } from "~/services/posts.server";

const NO_RECORD = "00000000-0000-4000-8000-000000000000";

/** Every kind of preview the site keeps (the registry names them). */
type Preview = NonNullable<Awaited<ReturnType<Services["previews"]["byToken"]>>>;

/** The preview of this kind behind a link; 404 when the link is not one, or has expired. */
export async function previewOf<Kind extends Preview["kind"]>(token: string, kind: Kind) {
  const preview = await (await services()).previews.byToken(token);
  if (!preview || preview.kind !== kind) throw data({ message: PREVIEW_EXPIRED }, { status: 404 });
  return preview as Extract<Preview, { kind: Kind }>;
}

/** Fields a preview does not carry, from the saved record when there is one. */
export function recordFields(saved: { id: string; slug: string; createdAt: Date; updatedAt: Date } | undefined) {
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
