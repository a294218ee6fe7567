/** What feed readers show of the site's feeds (issue 22, decision 026); the journal's: app/journal/messages.ts. */

export const NEWS_FEED_TITLE = (site: string) => `${site}: News`;
export const NEWS_FEED_DESCRIPTION = (site: string) => `News and stories from the ${site}.`;
export const CATEGORY_FEED_TITLE = (site: string, category: string) => `${site}: News, ${category}`;
export const CATEGORY_FEED_DESCRIPTION = (site: string, category: string) =>
  `News and stories about ${category.toLowerCase()} from the ${site}.`;

export const TAG_FEED_TITLE = (site: string, tag: string) => `${site}: News tagged ${tag}`;
export const TAG_FEED_DESCRIPTION = (site: string, tag: string) => `News and stories tagged ${tag} from the ${site}.`;

/** The link titles the pages' autodiscovery links carry (`<link rel="alternate">`). */
export const FEED_LINK_TITLES = {
  rss: "News (RSS)",
  atom: "News (Atom)",
  json: "News (JSON Feed)",
  articlesRss: "Journal articles (RSS)",
  articlesAtom: "Journal articles (Atom)",
  issuesRss: "Journal issues (RSS)",
  category: (label: string) => `News: ${label} (RSS)`,
} as const;
