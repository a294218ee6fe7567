import sanitizeHtml from "sanitize-html";

import { videoTitle } from "./video";

/** Hosts whose players the editor embeds. */
const VIDEO_HOSTS = ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];
/** Where embedded players load from (the pages' Content-Security-Policy frames). */
export const VIDEO_EMBED_ORIGINS = VIDEO_HOSTS.map((host) => `https://${host}`);

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i];
const QUILL_CLASS =
  /^ql-(align-(center|right|justify)|indent-[1-8]|size-(small|large|huge)|font-(serif|monospace)|syntax|video)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "sub",
    "sup",
    "span",
    "blockquote",
    "pre",
    "code",
    "ol",
    "ul",
    "li",
    "a",
    "img",
    "iframe",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    iframe: ["src", "frameborder", "allowfullscreen", "class", "title"],
    li: ["data-list", "class"],
    pre: ["spellcheck", "class"],
    "*": ["class", "style"],
  },
  allowedClasses: { "*": [QUILL_CLASS] },
  allowedStyles: {
    "*": { color: COLOUR, "background-color": COLOUR, "text-align": [/^(left|right|center|justify)$/] },
  },
  // Links: the editor's five protocols. Images: also data: (pasted pictures before upload).
  allowedSchemes: ["http", "https", "mailto", "tel", "sms"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links to other sites open safely.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      const { target: _target, rel: _rel, ...rest } = attribs;
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: external ? { ...rest, href, target: "_blank", rel: "noopener noreferrer" } : { ...rest, href },
      };
    },
    // Every image has a text alternative: the one written for it, or none (alt="") so that a
    // screen reader skips it rather than reading out its file's address.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "" } }),
    // Every player has a name to be announced by (WCAG 4.1.2).
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, title: attribs.title?.trim() || videoTitle(attribs.src ?? "") },
    }),
  },
  exclusiveFilter: (frame) =>
    // A data: image must really be an image (not SVG, which can carry script in some contexts).
    (frame.tag === "img" &&
      /^\s*data:/i.test(frame.attribs.src ?? "") &&
      !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(frame.attribs.src.trim())) ||
    // Players only: a YouTube or Vimeo embed address, nothing else on those hosts.
    (frame.tag === "iframe" &&
      !/^https:\/\/(www\.youtube\.com\/embed\/[\w-]{6,20}|www\.youtube-nocookie\.com\/embed\/[\w-]{6,20}|player\.vimeo\.com\/video\/\d{5,12})([?#][^"]*)?$/.test(
        (frame.attribs.src ?? "").trim(),
      )),
};

/**
 * The one allowlist every stored HTML field goes through: exactly what the editor can produce
 * (formatting, headings, lists, links with http/https/mailto/tel/sms, images, YouTube and Vimeo
 * players). Everything else is dropped.
 */
export function sanitizeRichText(html: string): string {
  // The editor writes every space as &nbsp;, which would stop text from wrapping on phones.
  return sanitizeHtml(html.replace(/&nbsp;|\u00a0/g, " "), OPTIONS).trim();
}

/**
 * Stored rich text for another site to show (a feed reader): the same allowlist, with every link and
 * image address made absolute against `base` (the site's address), and no players or pasted data
 * images, which readers do not show.
 */
export function richTextForElsewhere(html: string, base: string): string {
  const absolute = (value: string | undefined) => {
    try {
      return value ? new URL(value.trim(), `${base.replace(/\/+$/, "")}/`).toString() : value;
    } catch {
      return value;
    }
  };
  const own = OPTIONS.transformTags as Record<string, sanitizeHtml.Transformer>;
  return sanitizeHtml(sanitizeRichText(html), {
    ...OPTIONS,
    allowedTags: (OPTIONS.allowedTags as string[]).filter((tag) => tag !== "iframe"),
    allowedSchemesByTag: { img: ["http", "https"] },
    transformTags: {
      ...own,
      a: (tagName, attribs) => own.a(tagName, { ...attribs, href: absolute(attribs.href) ?? "" }),
      img: (tagName, attribs) => own.img(tagName, { ...attribs, src: absolute(attribs.src) ?? "" }),
    },
  }).trim();
}

/** Plain text fields (titles, names) are stored as typed: React escapes them when shown. */
