import { FEED_LINK_TITLES } from "~/domain/messages/feeds";

/**
 * Autodiscovery (`<link rel="alternate">`): how a browser or a feed reader given any page of the site
 * finds its feeds (decision 026). The addresses are the feed routes' (app/routes/feeds.ts).
 */
export const NEWS_FEED_LINKS = [
  { rel: "alternate", type: "application/rss+xml", title: FEED_LINK_TITLES.rss, href: "/rss.xml" },
  { rel: "alternate", type: "application/atom+xml", title: FEED_LINK_TITLES.atom, href: "/atom.xml" },
  { rel: "alternate", type: "application/feed+json", title: FEED_LINK_TITLES.json, href: "/feed.json" },
];

/** The journal's new articles, and its new issues. */
export const ARTICLE_FEED_LINKS = [
  { rel: "alternate", type: "application/rss+xml", title: FEED_LINK_TITLES.articlesRss, href: "/journals/rss.xml" },
  { rel: "alternate", type: "application/atom+xml", title: FEED_LINK_TITLES.articlesAtom, href: "/journals/atom.xml" },
];
export const ISSUE_FEED_LINKS = [
  {
    rel: "alternate",
    type: "application/rss+xml",
    title: FEED_LINK_TITLES.issuesRss,
    href: "/journals/issues/rss.xml",
  },
];

/** The journal's pages also offer its articles and issues. */
export const JOURNAL_FEED_LINKS = [...ARTICLE_FEED_LINKS, ...ISSUE_FEED_LINKS];

/** What the journal's pages offer to subscribe to, in their text (components/SubscribeLinks). */
export const JOURNAL_SUBSCRIPTIONS = [
  { what: "new articles", links: ARTICLE_FEED_LINKS },
  { what: "new issues", links: ISSUE_FEED_LINKS },
];

/** The format a feed link's type names, as a reader knows it. */
export const FEED_FORMAT_NAMES: Record<string, string> = {
  "application/rss+xml": "RSS",
  "application/atom+xml": "Atom",
  "application/feed+json": "JSON Feed",
};

/** A post's page offers the news of its category. */
export function categoryFeedLink(category: string, label: string) {
  return {
    rel: "alternate",
    type: "application/rss+xml",
    title: FEED_LINK_TITLES.category(label),
    href: `/posts/category/${category}/rss.xml`,
  };
}
