import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { routeErrorBoundary } from "~/components/ErrorPanel";
import { HeroBackdrop } from "~/components/HeroBackdrop";
import { toPostCard } from "~/components/post-card";
import { PostCard } from "~/components/PostCard";
import { RichText } from "~/components/RichText";
import { UnpublishedNotice } from "~/components/UnpublishedNotice";
import { previewNotice, unpublishedNotice } from "~/domain/messages/editorial";
import { categoryLabel } from "~/domain/vocabulary";
import { accountAuthorPath } from "~/lib/author-paths";
import { categoryFeedLink } from "~/lib/feed-links";
import { READING_PAGE } from "~/lib/hydration";
import { describe, newsArticleNode, socialImagePath } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { isPublic } from "~/services/editorial.server";
import type { Post } from "~/services/posts.server";
import { previewedPost } from "~/web/preview.server";
import { recordAt } from "~/web/record-at.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/post";

/** The post's head tags: a news article with its picture, times and section, under Home › News. */
function postSeo(request: Request, post: Post, description: string, preview: boolean, section: string) {
  return pageSeo(request, (site) => {
    const path = `/post/${post.slug}`;
    const card = socialImagePath(post.image);
    const url = `${site.origin}${path}`;
    const published = new Date(post.createdAt).toISOString();
    const modified = new Date(post.updatedAt).toISOString();
    return {
      title: post.title,
      description,
      path,
      type: "article",
      noindex: preview ? "nofollow" : false,
      image: card ? { url: card, alt: post.title } : null,
      article: { publishedTime: published, modifiedTime: modified, section },
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "News", path: "/posts" },
        { name: post.title, path },
      ],
      jsonLd: [
        newsArticleNode(site, {
          url,
          headline: post.title,
          description,
          images: [`${site.origin}${card ?? "/social-card.png"}`],
          datePublished: published,
          dateModified: modified,
          section,
        }),
      ],
    };
  });
}

/** What the page shows of a post, whether the preview or its own address. */
async function postPage(request: Request, post: Post, notice: string | null, preview: boolean) {
  const { posts, categories, authors } = await services();
  const [related, names, tags, author] = await Promise.all([
    posts.related(post, 6),
    categories.names(),
    // A preview shows the text being written; its tags are the saved post's.
    preview ? [] : posts.tagsOf(post.id),
    authors.account(post.userId),
  ]);
  const summary = describe(post.excerpt, post.content);
  const categoryName = categoryLabel(post.category, names);
  return {
    post,
    categoryName,
    tags,
    // The byline: none once the author's account is deleted (the post stays).
    author: author ? { name: author.name, path: accountAuthorPath(author.username) } : null,
    related: related.map((row) => toPostCard(row, names)),
    summary,
    notice,
    preview,
    seo: await postSeo(request, post, summary, preview, categoryName),
  };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  if (params.previewToken) {
    const { post, expiresAt } = await previewedPost(params.previewToken);
    return postPage(request, post, previewNotice(expiresAt), true);
  }
  const { posts } = await services();
  const post = await recordAt(request, "news", posts, params.postSlug ?? "", {
    movedTo: (slug) => `/post/${slug}`,
    missing: "Post not found",
  });
  return postPage(request, post, isPublic(post) ? null : unpublishedNotice(post.status, post.publishAt), false);
}

export const handle = READING_PAGE;

export const meta = routeMeta("Something went wrong.", "Post not found");

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, categoryName, tags, author, related, notice, preview } = loaderData;
  return (
    <article>
      {/* React puts it in the page's head: the news of this post's category, for feed readers. */}
      <link {...categoryFeedLink(post.category, categoryName)} />
      {notice && <UnpublishedNotice message={notice} editHref={preview ? undefined : `/update-post/${post.id}`} />}
      {!preview && <AdminEditLink area="news" to={`/update-post/${post.id}`} what="this post" />}
      <header className="relative isolate flex h-[450px] items-end overflow-hidden bg-navy-900 text-white">
        <HeroBackdrop image={post.image} shade="bg-gradient-to-t from-navy-950/95 via-navy-950/50 to-navy-950/40" />
        {/* The title's column is the text's below it: one left edge, one width. */}
        <div className="mx-auto w-full max-w-3xl px-6 pb-12">
          {/* The category's page lists its news (issue 33). */}
          <Link to={`/posts/category/${post.category}`} className="group">
            <span className="rounded-full bg-gold-500 px-3 py-1 text-xs font-bold tracking-wider text-navy-950 uppercase group-hover:bg-gold-400">
              {categoryName}
            </span>
          </Link>
          <h1 className="mt-4 font-serif text-3xl leading-tight font-bold sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-slate-200">
            {author && (
              <>
                By{" "}
                <a
                  href={author.path}
                  rel="author"
                  className="font-semibold text-white underline-offset-4 hover:underline"
                >
                  {author.name}
                </a>
                {" · "}
              </>
            )}
            <time dateTime={new Date(post.createdAt).toISOString()}>{formatDate(post.createdAt)}</time>
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-6 py-14">
        <RichText html={post.content} className="text-lg leading-8" />
        {tags.length > 0 && (
          <nav aria-label="Tags" className="mt-10 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold text-slate-700 dark:text-slate-300">Tags:</span>
            {tags.map((tag) => (
              <Link
                key={tag.slug}
                to={`/posts/tag/${tag.slug}`}
                className="border-navy-200 rounded-full border px-3 py-1 text-navy-700 hover:bg-navy-50 dark:border-slate-600 dark:text-gold-300 dark:hover:bg-night-card"
              >
                {tag.name}
              </Link>
            ))}
          </nav>
        )}
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="bg-navy-50 dark:bg-night-card/60 print:hidden">
          <div className="mx-auto max-w-7xl px-6 py-16">
            <h2 id="related-title" className="font-serif text-3xl font-bold text-navy-900 dark:text-white">
              Related Articles
            </h2>
            <div className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {related.map((item) => (
                <PostCard key={item.id} post={item} />
              ))}
            </div>
          </div>
        </section>
      )}
    </article>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  // A missing post is not a failure (SPEC-NOTES.md): it says so, with search and the news list.
  missingTitle: "Post not found",
  missing: "We could not find that post. It may have been removed or renamed.",
  failed: "The article could not be loaded. Please try again.",
  link: { to: "/posts", label: "Browse all news" },
});
