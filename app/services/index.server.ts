import type { Database, DatabaseHandle } from "~/db/client.server";
import { academicsService } from "./academics.server";
import { accountsService } from "./accounts.server";
import { createAuth, type AuthOptions } from "./auth.server";
import { journalsService } from "./journals.server";
import { mediaService, uploadsDirectory } from "./media.server";

export { uploadsDirectory };
import { postsService } from "./posts.server";
import { siteContentService } from "./site-content.server";

export type ServiceOptions = { dataDir: string; auth: AuthOptions };

/** The domain services, bound to one database. Screens and the JSON API both go through these. */
export function createServices(db: Database, options: ServiceOptions) {
  return {
    posts: postsService(db),
    journals: journalsService(db),
    academics: academicsService(db),
    siteContent: siteContentService(db),
    media: mediaService(db, uploadsDirectory(options.dataDir)),
    accounts: accountsService(db, createAuth(db, options.auth), {
      publicUrl: options.auth.publicUrl,
      providers: [options.auth.google, options.auth.oidc].filter((p) => p !== undefined).map(({ id, name }) => ({ id, name })),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

export type { DatabaseHandle };
