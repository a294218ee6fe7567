import type { Database } from "~/db/client.server";
import type { MailService } from "~/services/mail/mail.server";

import type { AttemptLimiter } from "./attempt-limits.server";
import type { AuthLibrary } from "./better-auth/library.server";

/** A configured external sign-in provider, for the sign-in buttons. */
export type ProviderButton = { id: string; name: string };

/**
 * What every flow is given as its first argument (accounts.server.ts makes it once): the
 * database, the auth library behind its adapter, the site's mail, the attempt counter, and where
 * the links in the mails point.
 */
export type AccountsContext = {
  db: Database;
  library: AuthLibrary;
  mail: MailService;
  limiter: AttemptLimiter;
  /** The origin of the links in the account mails: PUBLIC_URL's or the server's own, never a request's Host. */
  linkOrigin: string;
  /** PUBLIC_URL, when set: an account made without a request (setup, the command line) is mailed only then. */
  publicUrl?: string;
  providers: ProviderButton[];
  /** REQUIRE_ADMIN_2FA (decision 023). */
  requireAdminTwoFactor: boolean;
};

/**
 * What an account action that went through hands back: headers (the cookies the auth library set)
 * to pass on, and a message for the person. A refused one throws a ServiceError instead.
 */
export type AccountResult = { headers: Headers; message?: string };

/** Where mailed links point when the site is given neither PUBLIC_URL nor its own address (tests). */
const DEFAULT_LINK_ORIGIN = "http://localhost:3000";

/**
 * The origin of every link in the site's mails: the one the server was given (PUBLIC_URL, else the
 * address it listens on: config.server.ts's mailLinkOrigin), never a request's Host header, which
 * the sender chooses and which would carry a reset token to their site (issue 31).
 */
export function linkOrigin(options: { publicUrl?: string; mailOrigin?: string }): string {
  if (options.mailOrigin) return new URL(options.mailOrigin).origin;
  return options.publicUrl ? new URL(options.publicUrl).origin : DEFAULT_LINK_ORIGIN;
}
