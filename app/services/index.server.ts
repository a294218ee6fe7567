import path from "node:path";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { academicsService } from "./academics.server";
import { journalsService } from "./journals.server";
import { mediaService } from "./media.server";
import { postsService } from "./posts.server";
import { siteContentService } from "./site-content.server";

/** The domain services, bound to one database. Screens and the JSON API both go through these. */
export function createServices(db: Database, dataDir: string) {
  return {
    posts: postsService(db),
    journals: journalsService(db),
    academics: academicsService(db),
    siteContent: siteContentService(db),
    media: mediaService(db, uploadsDirectory(dataDir)),
  };
}

export type Services = ReturnType<typeof createServices>;

export function uploadsDirectory(dataDir: string) {
  return path.join(dataDir, "uploads");
}

export type { DatabaseHandle };
