import { Link } from "react-router";

import { ArrowRightIcon } from "~/components/icons";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { formatDate } from "~/lib/text";

export type PostCardData = {
  id: string;
  slug: string;
  title: string;
  category: string;
  /** The category's name as editors last set it (issue 33). */
  categoryName: string;
  image: string;
  excerpt: string;
  createdAt: string | Date;
};

/** priority: the card opens the page (the first of a list), so its image is the page's main one. */
export function PostCard({
  post,
  headingLevel = 3,
  priority = false,
}: {
  post: PostCardData;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/post/${post.slug}`;
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg dark:border-slate-700/60 dark:bg-night-card">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-[16/9] overflow-hidden bg-navy-100 dark:bg-navy-900"
      >
        {post.image && (
          <ResponsiveImage
            src={post.image}
            sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
            width={1600}
            height={900}
            load={priority ? "priority" : "lazy"}
            className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
          />
        )}
      </Link>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center justify-between gap-3 text-xs">
          <span className="rounded-full bg-navy-50 px-2.5 py-1 font-semibold tracking-wider text-navy-700 uppercase dark:bg-navy-800 dark:text-gold-300">
            {post.categoryName}
          </span>
          <time dateTime={new Date(post.createdAt).toISOString()} className="text-slate-500 dark:text-slate-400">
            {formatDate(post.createdAt, "short")}
          </time>
        </div>
        <Heading className="mt-4 font-serif text-xl leading-snug font-semibold text-navy-900 dark:text-white">
          <Link to={href} className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 line-clamp-3 text-sm leading-6 text-slate-600 dark:text-slate-300">{post.excerpt}</p>
        <Link
          to={href}
          className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-navy-700 hover:gap-2.5 dark:text-gold-300"
        >
          {/* The title is in the link's text (not only its label), so the link says where it goes. */}
          <span>
            Read more<span className="sr-only">: {post.title}</span>
          </span>
          <ArrowRightIcon />
        </Link>
      </div>
    </article>
  );
}
