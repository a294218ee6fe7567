/** What feed readers show of the site's feeds (issue 22, decision 026). */

export const NEWS_FEED_TITLE = (site: string) => `${site}: News`;
export const NEWS_FEED_DESCRIPTION = (site: string) => `News and stories from the ${site}.`;
export const CATEGORY_FEED_TITLE = (site: string, category: string) => `${site}: News, ${category}`;
export const CATEGORY_FEED_DESCRIPTION = (site: string, category: string) =>
  `News and stories about ${category.toLowerCase()} from the ${site}.`;
export const ARTICLES_FEED_TITLE = (journal: string) => `${journal}: New articles`;
export const ARTICLES_FEED_DESCRIPTION = (journal: string) => `Articles newly published in the ${journal}.`;
export const ISSUES_FEED_TITLE = (journal: string) => `${journal}: New issues`;
export const ISSUES_FEED_DESCRIPTION = (journal: string) => `Issues of the ${journal} as they are published.`;

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

export const ARTICLE_BY = (names: string) => `By ${names}`;
export const ARTICLE_KEYWORDS = "Keywords";
export const ARTICLE_PDF = "Read the article (PDF)";
export const ARTICLE_IN_ISSUE = (issue: string) => `In ${issue}`;
export const ARTICLE_ONLINE_FIRST = "Online first";
export const ISSUE_CONTENTS = "In this issue";
export const ISSUE_EMPTY = "The articles of this issue will be listed here as they are published.";
