import { Link } from "react-router";

import type { ListPage } from "~/components/ShowMore";
import { categoryLabel } from "~/domain/vocabulary";
import { srcSetFor } from "~/lib/images";
import { formatDate } from "~/lib/text";

import { ContentList, type ContentListSpec } from "../../+shared/ContentList";
import type { TabProps } from "../../tab";

export type PostRow = {
  id: string;
  slug: string;
  title: string;
  category: string;
  image: string;
  updatedAt: Date | string;
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
  tab: "posts",
  title: "Posts",
  create: { label: "Create a post", href: "/create-post" },
  empty: "no post yet", // SPEC.md
  columns: [
    { header: "Date Updated", className: "whitespace-nowrap", cell: (post) => formatDate(post.updatedAt, "short") },
    { header: "Post image", cell: (post) => <PostImage post={post} /> },
    {
      header: "Post title",
      className: "font-medium",
      cell: (post) => (
        <Link to={`/post/${post.slug}`} className="hover:underline">
          {post.title}
        </Link>
      ),
    },
    { header: "Category", cell: (post) => categoryLabel(post.category) },
  ],
  name: (post) => post.title,
  editHref: (post) => `/update-post/${post.id}`,
  deleteFields: (post) => ({ intent: "delete-post", postId: post?.id ?? "" }),
  deleteDescription: (post) => `"${post.title}" will be removed from the site.`,
};

export function PostsTab({ data, confirm, result }: TabProps<ListPage<PostRow>>) {
  return <ContentList spec={POSTS} list={data} confirmId={confirm} result={result} />;
}
