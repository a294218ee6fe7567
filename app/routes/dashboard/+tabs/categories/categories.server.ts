import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { CATEGORY_DELETED, CATEGORY_GONE, CATEGORY_NAME_REQUIRED, CATEGORY_SAVED } from "~/domain/messages/posts";
import { isSlug } from "~/lib/text";
import { z } from "~/lib/zod";
import { services } from "~/runtime.server";

const CATEGORY_FAILURES = { failed: "The category could not be saved. Please try again." };

/** The category form: a name and a line about it; `slug` names the one edited (none: a new one). */
export const categorySchema = z.object({
  slug: z.string().default(""),
  name: z.string().trim().min(1, CATEGORY_NAME_REQUIRED).max(60, "The name is too long (60 characters at most)"),
  description: z.string().trim().max(300, "The description is too long (300 characters at most)").default(""),
});

/** The news categories (issue 33): their order, how many posts each holds, the one being edited. */
export async function load({ url }: TabLoadArgs) {
  const { categories } = await services();
  const [list, usage] = await Promise.all([categories.list(), categories.usage()]);
  const edit = url.searchParams.get("edit");
  return {
    categories: list.map(({ slug, name, description }) => ({ slug, name, description, posts: usage[slug] ?? 0 })),
    editing: list.find((category) => category.slug === edit)?.slug ?? null,
  };
}

export const saveCategory = runAction(
  "save-category",
  CATEGORY_FAILURES,
  async ({ values, reply }) => {
    const { slug, name, description } = values as z.infer<typeof categorySchema>;
    const { categories } = await services();
    // A name already used answers 409 at the name field (runAction).
    if (slug) await categories.update(slug, { name, description });
    else await categories.create({ name, description });
    return reply(true, CATEGORY_SAVED);
  },
  { fields: ["slug", "name", "description"], schema: categorySchema },
);

export const moveCategory = runAction("move-category", CATEGORY_FAILURES, async ({ form, reply }) => {
  const slug = String(form.get("slug") ?? "");
  if (!isSlug(slug)) return reply(false, CATEGORY_GONE, { status: 404 });
  await (await services()).categories.move(slug, form.get("direction") === "down" ? "down" : "up");
  return reply(true, CATEGORY_SAVED);
});

export const deleteCategory = runAction("delete-category", CATEGORY_FAILURES, async ({ form, reply }) => {
  const slug = String(form.get("slug") ?? "");
  if (!isSlug(slug)) return reply(false, CATEGORY_GONE, { status: 404 });
  const moveTo = String(form.get("moveTo") ?? "") || undefined;
  // One that still holds posts and was given nowhere for them answers 409 saying so (runAction).
  await (await services()).categories.remove(slug, moveTo);
  return reply(true, CATEGORY_DELETED);
});

export const actions = byIntent(saveCategory, moveCategory, deleteCategory);
