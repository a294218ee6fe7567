import { categoryLabel } from "~/domain/vocabulary";
import { excerpt } from "~/lib/text";

import type { PostCardData } from "./PostCard";

/** What a post card needs: the excerpt is made on the server, so pages don't ship whole posts. */
export function toPostCard(
  post: {
    id: string;
    slug: string;
    title: string;
    category: string;
    image: string;
    content: string;
    createdAt: Date;
  },
  names?: Readonly<Record<string, string>>,
): PostCardData {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    category: post.category,
    categoryName: categoryLabel(post.category, names),
    image: post.image,
    excerpt: excerpt(post.content),
    createdAt: post.createdAt,
  };
}
