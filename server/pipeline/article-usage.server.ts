import type http from "node:http";

import { isbot } from "isbot";

import type { JournalService } from "~/journal/journal.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";

import type { Step } from "./pipeline.server";

export type ArticleUse = { slug: string; use: "view" | "download" };

const ARTICLE_PAGE = /^\/journal\/([^/?.]+)(?:\.data)?$/;
const ARTICLE_PDF = /^\/journal\/([^/?]+)\/pdf$/;

/**
 * Whether a request is a person reading an article's page or fetching its PDF. Robots (`isbot`),
 * prefetches and HEAD requests are not reading; nor is the PDF the page shows inside itself (an
 * `<object>` fetches it on every view, so only a PDF opened or downloaded counts).
 */
export function articleUseOf(req: Pick<http.IncomingMessage, "method" | "url" | "headers">): ArticleUse | null {
  if (req.method !== "GET") return null;
  const userAgent = String(req.headers["user-agent"] ?? "");
  if (!userAgent || isbot(userAgent)) return null;
  const purpose = String(req.headers["sec-purpose"] ?? req.headers["purpose"] ?? "");
  if (purpose.includes("prefetch")) return null;
  // Slugs are plain ASCII: the path is matched as it came, never decoded (a malformed escape such
  // as %E0%A4%A must reach the router and its 404, not stop here).
  let path: string;
  try {
    path = new URL(req.url ?? "/", "http://x").pathname;
  } catch {
    return null;
  }
  const page = ARTICLE_PAGE.exec(path);
  if (page) {
    const dest = String(req.headers["sec-fetch-dest"] ?? "document");
    // A page read is the document, or the data of a page the browser moved to without reloading.
    if (dest !== "document" && !path.endsWith(".data")) return null;
    return { slug: page[1], use: "view" };
  }
  const pdf = ARTICLE_PDF.exec(path);
  if (pdf) {
    const dest = String(req.headers["sec-fetch-dest"] ?? "document");
    if (["object", "embed", "iframe"].includes(dest)) return null;
    // A download manager asks for a PDF in ranges: only its first piece counts.
    const range = String(req.headers.range ?? "");
    if (range && !/^bytes=0-/.test(range)) return null;
    return { slug: pdf[1], use: "download" };
  }
  return null;
}

/**
 * Counts article views and PDF downloads as they arrive, before the page cache answers (a cached
 * page is still a reader). The count is recorded on the side: the answer never waits for it, and a
 * failure to count is logged, never shown.
 */
export function articleUsage(journal: () => Promise<Pick<JournalService, "recordUseBySlug">>): Step {
  return ({ req }, next) => {
    let use: ArticleUse | null = null;
    try {
      use = articleUseOf(req);
    } catch (error) {
      // Counting is never worth a request: whatever it trips on, the answer goes on.
      console.error(`Article usage not counted: ${(error as Error).message}`);
    }
    if (use) {
      const reader = `${req.headers[CLIENT_IP_HEADER] ?? ""}\u0000${req.headers["user-agent"] ?? ""}`;
      journal()
        .then((service) => service.recordUseBySlug(use.slug, use.use, reader))
        .catch((error: unknown) => console.error(`Article usage not counted: ${(error as Error).message}`));
    }
    next();
  };
}
