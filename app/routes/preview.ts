import { data, redirect } from "react-router";

import { DEFAULT_CATEGORY } from "~/domain/vocabulary";
import {
  type ArticleMetadata,
  articleMetadataFromForm,
  articleMetadataShape,
  EMPTY_ARTICLE_METADATA,
  refineArticleMetadata,
} from "~/journal/forms";
import { fieldsOf, readForm } from "~/lib/read-form.server";
import { isSlug } from "~/lib/text";
import { clipText } from "~/lib/text";
import { z } from "~/lib/zod";
import { services } from "~/runtime.server";
import { requireRole } from "~/web/session.server";

import type { Route } from "./+types/preview";

// Cut where a character ends: half of an emoji would make the preview's record unstorable.
const text = (form: FormData, name: string, max: number) => clipText(String(form.get(name) ?? ""), max);
/** Only this site's uploads are shown: a preview link is public to whoever holds it. */
const upload = (form: FormData, name: string) => {
  const url = text(form, name, 500);
  return url.startsWith("/uploads/") ? url : "";
};

const articleMetadataSchema = z.object(articleMetadataShape).superRefine(refineArticleMetadata);

/** The article's scholarly fields as the editor has them, when they pass the form's checks. */
function previewedMetadata(form: FormData): ArticleMetadata | undefined {
  if (!form.has("section")) return undefined;
  const values = fieldsOf(form, Object.keys(EMPTY_ARTICLE_METADATA));
  if (!articleMetadataSchema.safeParse(values).success) return undefined;
  const metadata = articleMetadataFromForm(values);
  // A preview link is public to whoever holds it: authors' e-mails are for the editors only.
  return { ...metadata, authors: metadata.authors.map((author) => ({ ...author, email: "" })) };
}

/**
 * The editors' Preview button: what the form holds now (saved or not) is kept under a private
 * link, which then shows it as the public page would. The link can be shared until it expires.
 */
export async function action({ request }: Route.ActionArgs) {
  // The area is known from the form, read after the session check (a signed-out visitor's body is never read).
  await requireRole(request, ["news", "journal"]);
  const form = await readForm(request);
  const admin = await requireRole(request, form.get("previewKind") === "journal" ? "journal" : "news");
  const { previews } = await services();
  const recordId = /^[0-9a-f-]{36}$/i.test(String(form.get("recordId"))) ? String(form.get("recordId")) : null;
  if (form.get("previewKind") === "journal") {
    const { token } = await previews.create(
      {
        kind: "journal",
        recordId,
        title: text(form, "title", 300) || "Untitled",
        abstract: text(form, "abstract", 200_000),
        pdf: upload(form, "pdf"),
        metadata: previewedMetadata(form),
      },
      admin.id,
    );
    return redirect(`/preview/journal/${token}`);
  }
  if (form.get("previewKind") !== "post") throw data({ message: "Nothing to preview" }, { status: 400 });
  const category = text(form, "category", 40);
  const { token } = await previews.create(
    {
      kind: "post",
      recordId,
      title: text(form, "title", 200) || "Untitled",
      category: isSlug(category) ? category : DEFAULT_CATEGORY,
      image: upload(form, "image"),
      content: text(form, "content", 500_000),
    },
    admin.id,
  );
  return redirect(`/preview/post/${token}`);
}

export function loader() {
  throw data({ message: "Not found" }, { status: 404 });
}
