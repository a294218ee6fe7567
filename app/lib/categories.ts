import type { PostCategory } from "~/db/schema";

/** How each stored category is shown to visitors. */
export const CATEGORY_LABELS: Record<PostCategory, string> = {
  uncategorized: "News",
  fees: "Fees",
  course: "Course",
  exams: "Exams",
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as PostCategory] ?? category;
}
