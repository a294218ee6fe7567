import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { FILE_ACTION_FAILED, FILE_DELETED, FILE_DESCRIBED } from "~/domain/messages/media";
import { mediaDetailsSchema } from "~/lib/forms/uploads";
import { services } from "~/runtime.server";
import { MEDIA_PAGE_SIZE } from "~/services/media.server";
import { pageNumber } from "~/services/pagination";

const MEDIA_FAILURES = { failed: FILE_ACTION_FAILED };

/** `?kind=image` (the image picker of the forms) or `?kind=pdf` narrows the list. */
function kindOf(value: string | null) {
  return value === "image" || value === "pdf" ? value : undefined;
}

export async function load({ url }: TabLoadArgs) {
  const page = pageNumber(url.searchParams.get("page"));
  const kind = kindOf(url.searchParams.get("kind"));
  const result = await (await services()).media.library({ kind, startIndex: (page - 1) * MEDIA_PAGE_SIZE });
  return { items: result.items, hasMore: result.hasMore, page, kind: kind ?? null };
}

export const describeFile = runAction("describe-file", MEDIA_FAILURES, async ({ form, reply }) => {
  const words = mediaDetailsSchema.parse({ alt: form.get("alt") ?? "", caption: form.get("caption") ?? "" });
  await (await services()).media.describe(String(form.get("fileId") ?? ""), words);
  return reply(true, FILE_DESCRIBED);
});

export const deleteFile = runAction("delete-file", MEDIA_FAILURES, async ({ form, reply }) => {
  // A file in use is refused (409) with where it is used; one already gone is 404 (runAction).
  await (await services()).media.removeUnusedFile(String(form.get("fileId") ?? ""));
  return reply(true, FILE_DELETED);
});

export const actions = byIntent(describeFile, deleteFile);
