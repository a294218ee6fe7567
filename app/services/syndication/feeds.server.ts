import { Feed, type Item } from "feed";

import { xmlSafeTexts } from "~/lib/control-characters";

/**
 * Feeds for readers (issue 22, decision 026): RSS 2.0, Atom 1.0 and JSON Feed 1.1 made by the
 * `feed` library from one description of a channel and its entries. Pure: the web layer loads the
 * records and gives absolute addresses.
 */

export const FEED_FORMATS = ["rss", "atom", "json"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** How many entries a feed carries: the newest. */
export const FEED_SIZE = 30;

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

/** A feed's file name by format: `rss.xml`, `atom.xml`, `feed.json`. */
export const FEED_FILES: Record<FeedFormat, string> = { rss: "rss.xml", atom: "atom.xml", json: "feed.json" };

export function feedFormatOf(file: string): FeedFormat | undefined {
  return FEED_FORMATS.find((format) => FEED_FILES[format] === file);
}

export type FeedChannel = {
  title: string;
  description: string;
  /** The page the feed follows (absolute). */
  link: string;
  /** The feed's own address in each format (absolute). */
  self: Record<FeedFormat, string>;
  /** Who publishes it: the site. */
  publisher: { name: string; link: string };
  /** When the newest entry changed (the feed's `updated`); now when there are no entries. */
  updated: Date;
  language: string;
};

export type FeedEntry = {
  /** Stable for ever, whatever the record's address becomes: `urn:uuid:{id}`. */
  id: string;
  title: string;
  /** The record's page (absolute). */
  url: string;
  published: Date;
  updated: Date;
  /** Plain text. */
  summary: string;
  /** Sanitised HTML with absolute addresses. */
  contentHtml: string;
  authors: string[];
  categories: { term: string; label: string; scheme?: string }[];
  /** A picture of the entry (absolute address of a stored image). */
  image?: { url: string; type: string };
  /** A file the entry is about (an article's PDF): an RSS enclosure, a JSON Feed attachment. */
  attachment?: { url: string; type: string; title: string };
  /** The entry's permanent address elsewhere (an article's DOI). */
  externalUrl?: string;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Attribute text for the library's XML writer, which escapes only quotes in attributes (and `&` in
 * some): characters that would break the XML are left out.
 */
const attributeText = (text: string) => text.replace(/[<>&]/g, " ").replace(/\s+/g, " ").trim();

function itemFor(entry: FeedEntry, format: FeedFormat): Item {
  const item: Item = {
    id: entry.id,
    // Atom's titles are HTML (the library writes type="html"): a title's own < and & stay text.
    title: format === "atom" ? escapeHtml(entry.title) : entry.title,
    link: entry.url,
    date: entry.updated,
    published: entry.published,
    description: entry.summary,
    content: entry.contentHtml,
    category: entry.categories.map((category) => ({
      name: format === "atom" ? attributeText(category.label) : category.label,
      term: attributeText(category.term),
      scheme: category.scheme,
      domain: category.scheme,
    })),
  };
  if (format === "rss") {
    // RSS's <author> must be an e-mail address: names go in Dublin Core's creator instead (the
    // library declares its namespace for entries with content, which every entry has).
    if (entry.authors.length)
      item.extensions = [{ name: "dc:creator", objects: entry.authors.map((name) => ({ _text: name })) as never }];
  } else if (entry.authors.length) {
    item.author = entry.authors.map((name) => ({ name }));
  }
  if (entry.image) item.image = { url: entry.image.url, type: entry.image.type };
  // The library types an Atom enclosure after its "image" kind: the PDF is linked in the content there.
  if (entry.attachment && format === "rss")
    item.enclosure = { url: entry.attachment.url, type: entry.attachment.type, length: 0 };
  return item;
}

/**
 * JSON Feed 1.1 from the library's 1.0: the version, `authors` and `language` (1.1 replaces
 * `author`), attachments and the external address.
 */
function jsonFeed11(json: string, channel: FeedChannel, entries: FeedEntry[]): string {
  const feed = JSON.parse(json) as Record<string, unknown> & { items: Record<string, unknown>[] };
  feed.version = "https://jsonfeed.org/version/1.1";
  feed.language = channel.language;
  delete feed.author;
  feed.authors = [{ name: channel.publisher.name, url: channel.publisher.link }];
  feed.items = feed.items.map((item, i) => {
    const entry = entries[i];
    const { author: _author, ...rest } = item;
    return {
      ...rest,
      ...(entry.authors.length ? { authors: entry.authors.map((name) => ({ name })) } : {}),
      ...(entry.externalUrl ? { external_url: entry.externalUrl } : {}),
      ...(entry.attachment
        ? {
            attachments: [
              { url: entry.attachment.url, mime_type: entry.attachment.type, title: entry.attachment.title },
            ],
          }
        : {}),
    };
  });
  return JSON.stringify(feed, null, 2);
}

/**
 * The feed as a document of its format. A title or text may hold characters XML cannot carry
 * (control characters pasted or imported with it): the library writes them as they are, which
 * makes the whole RSS or Atom document unreadable, so they are left out of every format.
 */
export function renderFeed(unsafeChannel: FeedChannel, unsafeEntries: FeedEntry[], format: FeedFormat): string {
  const channel = xmlSafeTexts(unsafeChannel);
  const entries = xmlSafeTexts(unsafeEntries);
  const feed = new Feed({
    // Atom's feed id: the feed's own address, one per feed.
    id: channel.self.atom,
    title: channel.title,
    description: channel.description,
    link: channel.link,
    language: channel.language,
    updated: channel.updated,
    generator: false,
    feedLinks: { ...channel.self },
    // Atom requires an author for the feed when an entry has none.
    author: { name: channel.publisher.name, link: channel.publisher.link },
    copyright: `© ${channel.publisher.name}`,
  });
  for (const entry of entries) feed.addItem(itemFor(entry, format));
  if (format === "rss") return feed.rss2();
  if (format === "atom") return feed.atom1();
  return jsonFeed11(feed.json1(), channel, entries);
}

/** The MIME type of a stored image from its address (uploads are WebP; a few older ones JPEG or PNG). */
export function imageType(url: string): string {
  const extension = new URL(url).pathname.split(".").pop()?.toLowerCase();
  if (extension === "jpg" || extension === "jpeg") return "image/jpeg";
  if (extension === "png" || extension === "gif" || extension === "avif") return `image/${extension}`;
  return "image/webp";
}
