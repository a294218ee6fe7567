import { SubscribeLinks } from "~/components/SubscribeLinks";
import { ARTICLE_FEED_LINKS, ISSUE_FEED_LINKS } from "~/lib/feed-links";

/** The journal's feeds, on its list pages: its new articles and its new issues. */
export function SubscribeToJournal() {
  return (
    <SubscribeLinks
      feeds={[
        { what: "new articles", links: ARTICLE_FEED_LINKS },
        { what: "new issues", links: ISSUE_FEED_LINKS },
      ]}
    />
  );
}
