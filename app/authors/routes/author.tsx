import { data, Link } from "react-router";

import { AuthorLinks } from "~/components/AuthorLinks";
import { routeErrorBoundary } from "~/components/ErrorPanel";
import { PageHero } from "~/components/PageHero";
import { Section } from "~/components/Section";
import { categoryLabel } from "~/domain/vocabulary";
import { authorName, issueLabel, orcidUrl } from "~/journal/names";
import { linkedAuthors } from "~/journal/web/views.server";
import { accountAuthorPath, AUTHORS_PATH, isOrcidKey, nameKey } from "~/lib/author-paths";
import { READING_PAGE } from "~/lib/hydration";
import { routeMeta } from "~/lib/seo/route-meta";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/author";

const notFound = () => data({ message: "Author not found" }, { status: 404 });

/**
 * A person's page (issue 33): their journal articles and their news posts. The key is an account's
 * username, an ORCID iD, or a name as a slug (authors.server.ts says who is the same person).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { authors } = await services();
  const asked = params.authorKey ?? "";
  const orcid = isOrcidKey(asked.toUpperCase()) ? asked.toUpperCase() : "";
  let name: string;
  let account;
  let articles;
  if (orcid) {
    const named = await authors.nameOfOrcid(orcid);
    if (!named) throw notFound();
    name = authorName(named);
    account = await authors.accountByKey(nameKey(name));
    articles = await authors.articlesBy({ orcid, names: [nameKey(name)] });
  } else {
    const key = asked.toLowerCase();
    account = await authors.accountByKey(key);
    const names = account ? [nameKey(account.username), nameKey(account.name)] : [key];
    articles = await authors.articlesBy({ orcid: "", names: names.filter(Boolean) });
    if (!account && articles.length === 0) throw notFound();
    const printed = articles[0]?.authors.find((a) => names.includes(nameKey(authorName(a))));
    name = account?.name ?? (printed ? authorName(printed) : asked);
  }
  const posts = account ? await authors.postsBy(account.id) : [];
  // One person, one address for indexers: the account's when they have one, else the iD's or the name's.
  const path = orcid
    ? `${AUTHORS_PATH}/${orcid}`
    : account
      ? accountAuthorPath(account.username)
      : `${AUTHORS_PATH}/${asked.toLowerCase()}`;
  const counts = [
    articles.length && `${articles.length} journal article${articles.length === 1 ? "" : "s"}`,
    posts.length && `${posts.length} news post${posts.length === 1 ? "" : "s"}`,
  ].filter(Boolean);
  return {
    name,
    orcid,
    articles: articles.map((a) => ({
      slug: a.slug,
      title: a.title,
      authors: linkedAuthors(a.authors),
      issue: a.issue ? issueLabel(a.issue) : "Online first",
      date: a.publishedOn ? `${a.publishedOn}T12:00:00Z` : a.createdAt,
    })),
    posts: posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      category: categoryLabel(post.category),
      date: post.createdAt,
    })),
    seo: await pageSeo(request, (site) => ({
      title: name,
      description: `${name}: ${counts.join(" and ")} published by the ${site.name}.`,
      path,
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name, path },
      ],
      jsonLd: [
        {
          "@type": "ProfilePage",
          url: `${site.origin}${path}`,
          mainEntity: { "@type": "Person", name, ...(orcid ? { sameAs: [orcidUrl(orcid)] } : {}) },
        },
      ],
    })),
  };
}

export const handle = READING_PAGE;

export const meta = routeMeta("Something went wrong.", "Author not found");

type Work = { key: string; eyebrow: string; to: string; title: string; byline?: React.ReactNode };

/** The author's articles or posts: each one's issue or category and date, its title linked, its authors. */
function WorkList({ items }: { items: Work[] }) {
  return (
    <ul className="max-w-3xl divide-y divide-slate-200 dark:divide-slate-700">
      {items.map((work) => (
        <li key={work.key} className="py-5">
          <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
            {work.eyebrow}
          </p>
          <h3 className="mt-1 font-serif text-xl leading-snug font-semibold text-navy-900 dark:text-white">
            <Link to={work.to} className="hover:underline">
              {work.title}
            </Link>
          </h3>
          {work.byline && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{work.byline}</p>}
        </li>
      ))}
    </ul>
  );
}

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { name, orcid, articles, posts } = loaderData;
  return (
    <>
      <PageHero compact eyebrow="Author" title={name}>
        {orcid && (
          <p className="mt-4 text-slate-200">
            ORCID iD:{" "}
            <a href={orcidUrl(orcid)} rel="noopener" className="text-gold-300 underline">
              {orcid}
            </a>
          </p>
        )}
      </PageHero>
      {articles.length > 0 && (
        <Section id="articles" title="Journal articles">
          <WorkList
            items={articles.map((article) => ({
              key: article.slug,
              eyebrow: `${article.issue} · ${formatDate(article.date, "short")}`,
              to: `/journal/${article.slug}`,
              title: article.title,
              byline: <AuthorLinks authors={article.authors} />,
            }))}
          />
        </Section>
      )}
      {posts.length > 0 && (
        <Section id="news" title="News" tone={articles.length > 0 ? "tinted" : "plain"}>
          <WorkList
            items={posts.map((post) => ({
              key: post.slug,
              eyebrow: `${post.category} · ${formatDate(post.date, "short")}`,
              to: `/post/${post.slug}`,
              title: post.title,
            }))}
          />
        </Section>
      )}
    </>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  missingTitle: "Author not found",
  missing: "We could not find that author. They may have no published work on the site yet.",
  failed: "The author's page could not be loaded. Please try again.",
  link: { to: "/journals", label: "Browse the journal" },
});
