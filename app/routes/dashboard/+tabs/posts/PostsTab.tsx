import { Link } from "react-router";

import type { PostCardData } from "~/components/PostCard";
import { type ContentListSpec, contentListTab } from "~/dashboard/ContentList";
import { srcSetFor } from "~/lib/images";

/** A post in the list: what its card shows (but its excerpt and first date), and where it stands. */
export type PostRow = Omit<PostCardData, "excerpt" | "createdAt"> & {
  updatedAt: Date | string;
  status: string;
  publishAt: Date | string | null;
  authorName: string | null;
};

function PostImage({ post }: { post: PostRow }) {
  return (
    <Link to={`/post/${post.slug}`} aria-label={`Open ${post.title}`}>
      {post.image ? (
        <img
          src={post.image}
          srcSet={srcSetFor(post.image)}
          sizes="96px"
          alt=""
          className="h-12 w-20 rounded object-cover"
          loading="lazy"
        />
      ) : (
        <span className="block h-12 w-20 rounded bg-navy-100 dark:bg-navy-900" />
      )}
    </Link>
  );
}

const POSTS: ContentListSpec<PostRow> = {
  kind: "post",
  words: { title: "Posts", create: "Create a post", titleHeader: "Post title", empty: "no post yet" }, // SPEC.md
  columns: [
    { header: "Post image", cell: (post) => <PostImage post={post} /> },
    "title",
    { header: "Category", cell: (post) => post.categoryName },
    "status",
    { header: "Author", cell: (post) => post.authorName ?? "—" },
  ],
  name: (post) => post.title,
  deleteDescription: (post) => `"${post.title}" will be removed from the site and kept in the Trash for 30 days.`,
};

export const PostsTab = contentListTab(POSTS);
