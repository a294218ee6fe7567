import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { TooManyAttemptsError } from "~/services/errors.server";

/**
 * Attempts a client may make in a fixed window, counted in the database so that every server
 * sharing it counts together. Used where better-auth's own limiter cannot help because it counts
 * per path and address: sign-in (per account and per address across the username and e-mail
 * paths, the form and the JSON API), sign-ups, reset requests and mails, username probes on the
 * profile update. Each flow declares its rules at its top (decision 036).
 *
 * The counters are rows of the auth library's `rate_limits` table under keys of our own
 * (`sign-in:ip:...`, `sign-in:account:...`, `review-link:ip:...`). The library prunes rows whose
 * `last_request` is older than its longest window (60 s). So `last_request` holds the moment the
 * row's window ends less those 60 s (for a one-minute window: the moment it began): a row is
 * pruned only once its window has ended, whatever the window's length, and windows longer than a
 * minute (a reviewer's unknown links, ten minutes) hold. Shared here by the accounts' flows and
 * the reviewers' links (issue 34), so that no feature imports another's.
 */
export type AttemptRule = { max: number; windowSeconds: number };

/** How long the auth library keeps a row past its `last_request` (its longest window). */
const PRUNED_AFTER_MS = 60_000;

export type AttemptOutcome = { allowed: true } | { allowed: false; retryAfter: number };

export function attemptLimiter(db: Database) {
  /** Gives an attempt back (one that was not tried, or that succeeded). */
  async function giveBack(keys: string[]) {
    const unique = [...new Set(keys)].sort();
    if (unique.length === 0) return;
    await db.execute(
      sql`update rate_limits set count = count - 1 where count > 0 and key in (${sql.join(
        unique.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
  }

  return {
    giveBack,
    /**
     * Counts one attempt against every key, in one statement (atomic per key, on PGlite and on
     * PostgreSQL), and says whether it may go ahead: only when no key is over its limit. An
     * attempt refused because of one key is given back to the others, so an address that is
     * blocked does not use up the allowance of the accounts it tries, nor the other way round.
     */
    async take(keys: string[], rule: AttemptRule): Promise<AttemptOutcome> {
      const unique = [...new Set(keys)].sort();
      if (unique.length === 0) return { allowed: true };
      const windowMs = rule.windowSeconds * 1000;
      // The database's clock, so that servers whose clocks differ still share one window.
      const now = sql`(extract(epoch from now()) * 1000)::bigint`;
      // What a row keeps (see above): its window's end less the library's pruning age. Two marks a
      // window apart are two windows apart, so the test of a window's end is the same as before.
      const shift = windowMs - PRUNED_AFTER_MS;
      const mark = sql`(${now} + ${shift})`;
      const rows = rowsOf<{ key: string; count: number; mark: string | number; now_ms: string | number }>(
        await db.execute(sql`
          insert into rate_limits (id, key, count, last_request)
          values ${sql.join(
            unique.map((key) => sql`(${crypto.randomUUID()}, ${key}, 1, ${mark})`),
            sql`, `,
          )}
          on conflict (key) do update set
            count = case when rate_limits.last_request <= excluded.last_request - ${windowMs} then 1 else rate_limits.count + 1 end,
            last_request = case when rate_limits.last_request <= excluded.last_request - ${windowMs} then excluded.last_request else rate_limits.last_request end
          returning key, count, last_request as mark, ${now} as now_ms`),
      );
      const over = rows.filter((row) => Number(row.count) > rule.max);
      if (over.length === 0) return { allowed: true };
      const within = rows.filter((row) => Number(row.count) <= rule.max).map((row) => row.key);
      await giveBack(within);
      const retryAfter = Math.max(
        ...over.map((row) => Math.ceil((Number(row.mark) + PRUNED_AFTER_MS - Number(row.now_ms)) / 1000)),
      );
      return { allowed: false, retryAfter: Math.max(1, retryAfter) };
    },
  };
}

export type AttemptLimiter = ReturnType<typeof attemptLimiter>;

/** `max` attempts in `minutes` minutes. */
export const perMinutes = (max: number, minutes: number): AttemptRule => ({ max, windowSeconds: minutes * 60 });

/** `max` attempts a minute. */
export const perMinute = (max: number): AttemptRule => ({ max, windowSeconds: 60 });

/** The counter of the request's client address (`prefix:ip:…`), when the request has one. */
export function addressKeys(request: Request, prefix: string): string[] {
  const address = request.headers.get(CLIENT_IP_HEADER);
  return address ? [`${prefix}:ip:${address}`] : [];
}

/** Takes one attempt against every key; over the limit, the refusal that says when to try again. */
export async function takeAttempt(limiter: AttemptLimiter, keys: string[], rule: AttemptRule): Promise<void> {
  const outcome = await limiter.take(keys, rule);
  if (!outcome.allowed) throw new TooManyAttemptsError(outcome.retryAfter);
}
