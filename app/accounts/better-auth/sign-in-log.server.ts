import type { BetterAuthPlugin, HookEndpointContext } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { users } from "~/db/schema";
import { type ActivityService, activityService, insideActivity, requestOrigin } from "~/services/activity.server";

/**
 * What a failed sign-in's log entry names when the name typed is no account's: never the name
 * itself, which may be a password typed into the wrong field (issue 31). A username has no spaces.
 */
export const UNKNOWN_ACCOUNT = "unknown account";

/** The library's password sign-in endpoints, which every form and API sign-in goes through. */
const PASSWORD_SIGN_IN_PATHS = new Set(["/sign-in/username", "/sign-in/email"]);

/** The library's second-factor checks (its twoFactor plugin): each one's answer is logged. */
const SECOND_FACTOR_PATHS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);
/** The library's OAuth callbacks (Google, generic OIDC): a failure is a redirect with `error=`. */
const providerOf = (params: unknown) => {
  const named = (params ?? {}) as { id?: unknown; providerId?: unknown };
  return String(named.id ?? named.providerId ?? "") || null;
};
const isCallback = (path: string) => path.startsWith("/callback/") || path.startsWith("/oauth2/callback/");

type Answer = {
  statusCode?: unknown;
  headers?: Headers | Record<string, string>;
  twoFactorRedirect?: unknown;
  user?: { id?: string; username?: string; displayUsername?: string; email?: string };
  body?: Answer;
};

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Origin = ReturnType<typeof requestOrigin>;
/** What every entry is logged with: the log, the client's address and browser, the endpoint's answer. */
type Seen = { db: Database; activity: ActivityService; origin: Origin; answer: Answer; status: number };

/**
 * The activity log's view of sign-ins (decision 024): failed sign-ins on every password path
 * (username or e-mail, the form or the JSON API: they all reach these endpoints), sign-ins that
 * must go on to a second factor (the twoFactor plugin answers `twoFactorRedirect: true`), each
 * second-factor check's answer, and external sign-ins that came back with an error. A plugin of its
 * own, last in the list, so its hook sees the answers the other plugins' hooks settled on. Never a
 * password or code: the attempted name is the actor when it names an account (else UNKNOWN_ACCOUNT),
 * and nothing of the body is kept.
 */
export function activityLogPlugin(db: Database) {
  const activity = activityService(db);
  const handler = createAuthMiddleware(async (ctx) => {
    if (insideActivity()) return;
    const answer = (ctx.context.returned ?? {}) as Answer;
    const status = typeof answer.statusCode === "number" ? answer.statusCode : 200;
    const seen: Seen = { db, activity, origin: requestOrigin(ctx.headers ?? null), answer, status };
    if (PASSWORD_SIGN_IN_PATHS.has(ctx.path)) return logPasswordSignIn(ctx, seen);
    if (SECOND_FACTOR_PATHS.has(ctx.path)) return logSecondFactor(ctx, seen);
    if (ctx.path === "/sign-in/social") return logRefusedIdToken(ctx, seen);
    return logFailedCallback(ctx, seen);
  });
  return {
    id: "activity-log",
    hooks: {
      after: [
        {
          matcher: (ctx: HookEndpointContext) =>
            PASSWORD_SIGN_IN_PATHS.has(ctx.path ?? "") ||
            SECOND_FACTOR_PATHS.has(ctx.path ?? "") ||
            ctx.path === "/sign-in/social" ||
            isCallback(ctx.path ?? ""),
          handler,
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** The account a name typed at sign-in is (its username or address), if any. */
async function accountOf(db: Database, name: string) {
  const [row] = rowsOf<{ id: string; username: string }>(
    await db.execute(
      sql`select id, coalesce(display_username, username) as username from ${users} where lower(username) = ${name} or lower(email) = ${name} limit 1`,
    ),
  );
  return row ?? null;
}

/** A password sign-in: refused, or right but waiting for its second factor. */
async function logPasswordSignIn(ctx: HookContext, { db, activity, origin, answer, status }: Seen) {
  const body = (ctx.body ?? {}) as { username?: unknown; email?: unknown };
  const name = String((ctx.path === "/sign-in/email" ? body.email : body.username) ?? "")
    .trim()
    .slice(0, 100);
  const secondFactor = (answer.body ?? answer).twoFactorRedirect === true;
  // Too many attempts were refused before any password was checked: not logged, or a flood of
  // them would fill the log.
  if (status === 429 || (status < 400 && !secondFactor)) return;
  const account = name ? await accountOf(db, name.toLowerCase()) : null;
  if (secondFactor) {
    await activity.record({
      ...origin,
      action: "sign-in.second-factor-needed",
      actor: { id: account?.id ?? null, name: account?.username ?? null },
      target: { kind: "account", id: account?.id ?? null, label: account?.username ?? null },
      outcome: "ok",
      details: { via: ctx.path },
    });
    return;
  }
  // A name that is no account's is kept as nothing but that (issue 31): it is often a password
  // typed into the wrong field. An account's name or address is kept as typed.
  const shown = account ? name : UNKNOWN_ACCOUNT;
  await activity.record({
    ...origin,
    action: "sign-in.failed",
    actor: { id: null, name: shown },
    target: { kind: "account", id: account?.id ?? null, label: shown },
    outcome: "refused",
    details: { via: ctx.path },
  });
}

/** The account whose sign-in waits for its second factor (the twoFactor plugin's cookie), if any. */
async function pendingSignIn(ctx: HookContext, db: Database) {
  try {
    const identifier = await ctx.getSignedCookie(ctx.context.createAuthCookie("two_factor").name, ctx.context.secret);
    const pending = identifier ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null;
    if (!pending) return null;
    const [row] = rowsOf<{ id: string; username: string }>(
      await db.execute(
        sql`select id, coalesce(display_username, username) as username from ${users} where id = ${pending.value}`,
      ),
    );
    return row ? { id: row.id, name: row.username } : null;
  } catch {
    return null;
  }
}

/** A sign-in's second step: each check's answer. */
async function logSecondFactor(ctx: HookContext, { db, activity, origin, answer, status }: Seen) {
  // Only a sign-in's second step carries the challenge cookie; the same endpoint without it
  // confirms a second factor being turned on from the profile (its own dashboard entry).
  const challenge = ctx.context.createAuthCookie("two_factor").name;
  const cookies = ctx.headers?.get("cookie") ?? "";
  if (status === 429 || !cookies.split(/;\s*/).some((c) => c.startsWith(`${challenge}=`))) return;
  const user = (answer.body ?? answer).user;
  // A refused code: whose sign-in it was is in the pending sign-in's signed cookie.
  const account = user?.id
    ? { id: user.id, name: user.displayUsername || user.username || null }
    : await pendingSignIn(ctx, db);
  await activity.record({
    ...origin,
    action: "sign-in.second-factor",
    actor: account,
    target: { kind: "account", id: account?.id ?? null },
    outcome: status >= 500 ? "failed" : status >= 400 ? "refused" : "ok",
    details: { via: ctx.path },
  });
}

/** A Google ID token the library refused (POST /api/auth/google); starting a redirect is no sign-in yet. */
async function logRefusedIdToken(ctx: HookContext, { activity, origin, status }: Seen) {
  if (status < 400 || status === 429) return;
  const provider = String((ctx.body as { provider?: unknown } | undefined)?.provider ?? "") || null;
  await activity.record({
    ...origin,
    action: "sign-in.external-failed",
    actor: null,
    target: { kind: "provider", id: provider },
    outcome: "refused",
    details: { via: ctx.path },
  });
}

/** A provider's callback that came back with an error. */
async function logFailedCallback(ctx: HookContext, { activity, origin, answer }: Seen) {
  const headers = answer.headers instanceof Headers ? answer.headers : new Headers(answer.headers ?? {});
  const location = headers.get("location") ?? "";
  const error = /[?&]error=([^&]*)/.exec(location)?.[1];
  // A callback POSTed is sent on to itself as a GET first: logged there, once.
  if (!error || location.includes("/callback/")) return;
  await activity.record({
    ...origin,
    action: "sign-in.external-failed",
    actor: null,
    target: { kind: "provider", id: providerOf(ctx.params) },
    outcome: "refused",
    details: { via: ctx.path, error: decodeURIComponent(error).slice(0, 100) },
  });
}
