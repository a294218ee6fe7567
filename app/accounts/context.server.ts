import type { Database } from "~/db/client.server";
import { attemptLimiter } from "~/services/attempt-limits.server";
import type { MailService } from "~/services/mail/mail.server";

import type { AuthLibrary, AuthOptions } from "./better-auth/library.server";

/**
 * What every flow is given as its first argument (accounts.server.ts makes it once): the
 * database, the auth library behind its adapter, the site's mail, the attempt counter, and where
 * the links in the mails point.
 */
export function accountsContext(db: Database, library: AuthLibrary, options: AuthOptions, mail: MailService) {
  return {
    db,
    library,
    mail,
    limiter: attemptLimiter(db),
    /** The origin of the links in the account mails: PUBLIC_URL's or the server's own, never a request's Host. */
    linkOrigin: linkOrigin(options),
    /** PUBLIC_URL, when set: an account made without a request (setup, the command line) is mailed only then. */
    publicUrl: options.publicUrl,
    /** The configured external sign-in providers, for the sign-in buttons. */
    providers: [options.google, options.oidc].filter((p) => p !== undefined).map(({ id, name }) => ({ id, name })),
    /** REQUIRE_ADMIN_2FA (decision 023). */
    requireAdminTwoFactor: Boolean(options.requireAdminTwoFactor),
  };
}

export type AccountsContext = ReturnType<typeof accountsContext>;

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
