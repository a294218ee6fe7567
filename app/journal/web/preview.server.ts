import { services } from "~/runtime.server";
import { previewOf, recordFields } from "~/web/preview.server";

import { ARTICLE_FIELD_DEFAULTS } from "../article-fields";
import type { ArticleRecord } from "../articles.server";

/** A journal article as a preview link shows it. */
export async function previewedArticle(
  token: string,
): Promise<{ article: ArticleRecord; saved: ArticleRecord | undefined; expiresAt: Date }> {
  const preview = await previewOf(token, "journal");
  const saved = preview.recordId ? await (await services()).articles.byId(preview.recordId, "admin") : undefined;
  const { title, abstract, pdf } = preview;
  const metadata = {
    ...ARTICLE_FIELD_DEFAULTS,
    ...saved,
    ...preview.metadata,
    metadataChangedAt: saved?.metadataChangedAt ?? new Date(),
  };
  return {
    article: { ...metadata, ...recordFields(saved), title, abstract, pdf },
    saved,
    expiresAt: preview.expiresAt,
  };
}
