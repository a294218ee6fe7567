import { FEED_FORMAT_NAMES } from "~/lib/feed-links";

import { DotSeparated } from "./DotSeparated";
import { FeedIcon } from "./icons";

type Feed = { href: string; title: string; type: string };

/**
 * A list page's feeds where a reader sees them (in its dark hero), one line for each thing to
 * follow: "Subscribe to the news: RSS · Atom · JSON Feed". Each link's name starts with what it
 * shows and says which feed it is ("RSS feed of the news").
 */
export function SubscribeLinks({ feeds }: { feeds: { what: string; links: readonly Feed[] }[] }) {
  return (
    <div className="mt-6 space-y-1.5 text-sm text-slate-200">
      {feeds.map(({ what, links }) => (
        <div key={what} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <FeedIcon className="h-4 w-4 shrink-0 text-gold-300" />
          <span>Subscribe to {what}:</span>
          <DotSeparated
            items={links.map((feed) => {
              const format = FEED_FORMAT_NAMES[feed.type] ?? feed.title;
              return (
                // A plain link: a feed is a file for a reader, not a page of the app.
                <a
                  key={feed.href}
                  href={feed.href}
                  className="font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400"
                >
                  {format}
                  <span className="sr-only">{`${/feed$/i.test(format) ? "" : " feed"} of ${what}`}</span>
                </a>
              );
            })}
          />
        </div>
      ))}
    </div>
  );
}
