import { CHOOSE_CATEGORY, EXCERPT_TOO_LONG, POST_TITLE_REQUIRED, TOO_MANY_TAGS } from "~/domain/messages/posts";
import { DEFAULT_CATEGORY } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

import { type EditorialForm, withEditorialFields } from "./editorial";
import { uploadedFile } from "./uploads";

/** The longest excerpt an editor may write: about two sentences (search engines show about 160 characters). */
export const POST_EXCERPT_MAX = 300;

/** Create post and Update post (shared by the form in the browser and the action). */
export const postSchema = z.object({
  title: z.string().trim().min(1, POST_TITLE_REQUIRED).max(200, "The title is too long (200 characters at most)"),
  // A category's slug: the categories editors keep (issue 33); the service checks it exists.
  category: z
    .string({ message: CHOOSE_CATEGORY })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CHOOSE_CATEGORY)
    .max(80, CHOOSE_CATEGORY),
  image: z.union([z.literal(""), uploadedFile("image")]),
  content: z.string().max(500_000, "The content is too long"),
  excerpt: z.string().trim().max(POST_EXCERPT_MAX, EXCERPT_TOO_LONG).default(""),
});
/** The editor's tags field: names separated by commas (lib/tags.ts reads them). */
export const tagsField = z.string().max(2000, TOO_MANY_TAGS).default("");
/** The post editor's form: the post and its status, schedule, address and version. */
export const postFormSchema = withEditorialFields(postSchema.extend({ tags: tagsField }));
export type PostForm = z.infer<typeof postSchema> & { tags: string } & EditorialForm;

export { fieldErrors } from "./errors";

/**
 * The category select of SPEC.md: its placeholder stands for the default category, then the
 * categories editors keep (issue 33), in their order.
 */
export function categoryOptions(list: readonly { slug: string; name: string }[]) {
  return [
    { value: DEFAULT_CATEGORY, label: "Select a category" },
    ...list
      .filter((category) => category.slug !== DEFAULT_CATEGORY)
      .map(({ slug, name }) => ({ value: slug, label: name })),
  ];
}
