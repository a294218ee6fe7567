import { AsyncLocalStorage } from "node:async_hooks";

import { and, desc, eq, gte, inArray, like, lt, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { activityLog, articles, posts, users } from "~/db/schema";
import { ACTIVITY_OUTCOMES, type ActivityOutcome } from "~/lib/activity";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { clipText, isUuid } from "~/lib/text";

import { type Effects, effectTable } from "./content-changes.server";
import { MAX_PAGE_SIZE, type Page, toPage } from "./pagination";

/**
 * The activity log (issue 21, decision 024): who did what to which record, when, from where, and
 * how it ended. Written once per operation by the places where operations are dispatched (the
 * dashboard's intents, the JSON API's operations, uploads, history restores, setup, failed
 * sign-ins), never by the services themselves, so that an operation that calls others is one entry.
 */

export { ACTIVITY_OUTCOMES, type ActivityOutcome };

/** How many entries a page of the Activity tab and of GET /api/activity holds by default. */
export const ACTIVITY_PAGE_SIZE = 25;
/** Kept this many days unless ACTIVITY_RETENTION_DAYS says otherwise. */
export const DEFAULT_ACTIVITY_RETENTION_DAYS = 365;

export type ActivityActor = { id: string | null; name: string | null };
export type ActivityTarget = { kind?: string | null; id?: string | null; label?: string | null };

export type ActivityEntryInput = {
  action: string;
  actor?: ActivityActor | null;
  target?: ActivityTarget | null;
  outcome?: ActivityOutcome;
  ipAddress?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown> | null;
  at?: Date;
};

export type ActivityEntry = typeof activityLog.$inferSelect;

export type ActivityFilters = {
  /** An account id, or a name (an attempted username for failed sign-ins). */
  actor?: string;
  /** An exact action ("posts.delete-post"), or a group: the part before the first dot ("posts"). */
  action?: string;
  outcome?: ActivityOutcome;
  /** Inclusive bounds. */
  from?: Date;
  to?: Date;
};

export type ActivityPageRequest = { limit?: number; after?: string };

/** The answer's status, as the log words it: a refusal is the caller's (4xx), a failure ours (5xx). */
export function outcomeOf(status: number): ActivityOutcome {
  if (status >= 500) return "failed";
  if (status >= 400) return "refused";
  return "ok";
}

// ---------------------------------------------------------------------------------------------
// Redaction: details never hold a password, token, secret, code, cookie or hash.

/** Key names whose values are never kept (compared without case, dashes or underscores). */
const SECRET_KEY =
  /pass(word|phrase|wd)?|token|secret|cookie|hash|salt|otp|totp|code|credential|authori[sz]ation|api.?key|private.?key|session|signature|nonce|verifier|recovery/i;
/** Keys that look like one of those words but are not secrets. */
const HARMLESS_KEY = /^(key|section|kind|role|intent|category|status|purpose|mode|coursecode|code_?name)$/i;

export const REDACTED = "[redacted]";
const MAX_TEXT = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;

/** Values that look like credentials whatever their key: a JWT, a bearer token, a hash, a long random string. */
export function looksSecret(value: string): boolean {
  const text = value.trim();
  if (/^bearer\s+\S+/i.test(text) || /^basic\s+[A-Za-z0-9+/=]{8,}$/i.test(text)) return true;
  // A JSON Web Token: three base64url parts.
  if (/^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/.test(text)) return true;
  // Password hashes: bcrypt, argon2, scrypt as "$scrypt$..." or better-auth's "salt:key" in hex.
  if (/^\$(2[abxy]?|argon2(id|i|d)?|scrypt|pbkdf2[^$]*)\$/.test(text)) return true;
  if (/^[0-9a-f]{16,}:[0-9a-f]{32,}$/i.test(text)) return true;
  // A long unbroken run of letters and digits (a session token, a reset token, an API key):
  // no word, name, slug or address looks like this. A path (an upload's address) is not one.
  const randomRun = /^[A-Za-z0-9_\-+/=.]{32,}$/.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text);
  if (randomRun && !/^[a-z0-9-]+$/.test(text) && !text.startsWith("/")) return true;
  if (/^[0-9a-f]{32,}$/i.test(text) && !isUuid(text)) return true;
  // A cookie header.
  if (/(^|;\s*)[\w.-]*session[\w.-]*=/i.test(text)) return true;
  return false;
}

function isSecretKey(key: string): boolean {
  return !HARMLESS_KEY.test(key) && SECRET_KEY.test(key.replace(/[-_\s]/g, ""));
}

/** A copy that is safe to keep: secrets replaced, long text shortened, files described, depth bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === "string") {
    // Details are a JSON column, which refuses the whole entry for half of a surrogate pair (sent
    // as an escape, or cut here): such a half becomes U+FFFD, as a text column stores it.
    const text = value.toWellFormed();
    if (looksSecret(text)) return REDACTED;
    return text.length > MAX_TEXT ? `${clipText(text, MAX_TEXT)}…` : text;
  }
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof File !== "undefined" && value instanceof File)
    return { file: redact(value.name, depth + 1), bytes: value.size };
  if (typeof Blob !== "undefined" && value instanceof Blob) return { bytes: value.size };
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 40)) {
      out[key.toWellFormed()] = isSecretKey(key) ? REDACTED : redact(item, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** Details as stored: redacted; null when there is nothing to say. */
export function redactDetails(details: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!details) return null;
  const safe = redact(details) as Record<string, unknown>;
  return Object.keys(safe).length ? safe : null;
}

/** A form's fields as details: text fields redacted, files by name and size, the intent left out. */
export function formDetails(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (key === "intent") continue;
    fields[key] = key in fields ? [...([] as unknown[]).concat(fields[key]), value] : value;
  }
  return fields;
}

/** A short, plain text for a column: trimmed, single-line, at most `max` characters. */
function clip(value: string | null | undefined, max = 200): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).replace(/\s+/g, " ").trim();
  if (!text) return null;
  return text.length > max ? `${clipText(text, max)}…` : text;
}

/** Where a request came from: the address our server put in X-Client-IP, and the browser's own name. */
export function requestOrigin(request: Request | Headers | null | undefined) {
  const headers = request instanceof Headers ? request : request?.headers;
  return {
    ipAddress: clip(headers?.get(CLIENT_IP_HEADER) ?? null, 64),
    userAgent: clip(headers?.get("user-agent") ?? null, 300),
  };
}

// ---------------------------------------------------------------------------------------------
// One entry per operation: the outermost dispatch records, any operation it calls does not.

type Scope = { entry: Partial<ActivityEntryInput> };
const scopes = new AsyncLocalStorage<Scope>();

/** Adds to the entry of the operation under way (a target's id once it is known, the actor once signed in). */
export function noteActivity(fields: Partial<ActivityEntryInput>) {
  const scope = scopes.getStore();
  if (!scope) return;
  scope.entry = {
    ...scope.entry,
    ...fields,
    target: { ...scope.entry.target, ...fields.target },
    details: fields.details ? { ...scope.entry.details, ...fields.details } : scope.entry.details,
  };
}

/** Is an operation already being recorded? (Then whatever it calls is part of it.) */
export function insideActivity(): boolean {
  return scopes.getStore() !== undefined;
}

type Thrown = { status?: number; init?: { status?: number } | null; type?: unknown };

/** The HTTP status an answer or a thrown value stands for. */
export function statusOf(value: unknown, thrown: boolean): number {
  if (value instanceof Response) return value.status;
  if (typeof value === "object" && value !== null) {
    const v = value as Thrown;
    if (v.type === "DataWithResponseInit") return v.init?.status ?? (thrown ? 500 : 200);
    if (typeof v.status === "number" && v.status >= 100 && v.status < 600) return v.status;
  }
  return thrown ? 500 : 200;
}

export type ActivityRecorder = { record(entry: ActivityEntryInput): Promise<void> };

/**
 * An operation's entry, opened where the operation is dispatched (an HTML form's edge): `run`
 * runs the operation inside it, so that what it calls adds to the entry (`noteActivity`) and opens
 * none of its own, and then writes the entry once, with the outcome its answer (or what it threw)
 * stands for.
 */
export type ActivityScope = { run<T>(work: () => Promise<T>): Promise<T> };

/**
 * Opens the entry of one operation. It is written only when an actor was named, here or by
 * `noteActivity` during the work (the edges name admins only); inside another operation's entry,
 * the scope adds nothing of its own.
 */
export function openActivity(
  recorder: ActivityRecorder | (() => Promise<ActivityRecorder>),
  request: Request | null,
  entry: Partial<ActivityEntryInput>,
): ActivityScope {
  if (insideActivity()) return { run: (work) => work() };
  const scope: Scope = { entry };
  const record = async (status: number) => {
    const { action, actor, ...rest } = scope.entry;
    if (!action || !actor) return;
    const target = typeof recorder === "function" ? await recorder() : recorder;
    await target.record({
      ...requestOrigin(request),
      ...rest,
      action,
      actor,
      outcome: scope.entry.outcome ?? outcomeOf(status),
    });
  };
  return {
    async run(work) {
      let status = 500;
      try {
        const result = await scopes.run(scope, work);
        status = statusOf(result, false);
        return result;
      } catch (thrown) {
        status = statusOf(thrown, true);
        throw thrown;
      } finally {
        await record(status);
      }
    },
  };
}

/** The JSON API's way in: runs one operation inside its entry (see `openActivity`). */
export function withActivity<T>(
  recorder: ActivityRecorder | (() => Promise<ActivityRecorder>),
  request: Request | null,
  entry: Partial<ActivityEntryInput>,
  work: () => Promise<T>,
): Promise<T> {
  return openActivity(recorder, request, entry).run(work);
}

// ---------------------------------------------------------------------------------------------

let lastAt = 0;
/**
 * Now, but never the same millisecond twice in this process: the embedded database's clock counts
 * in milliseconds, and two entries written within one would otherwise list in random order.
 */
function entryTime(): Date {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return new Date(lastAt);
}

export function activityService(db: Database) {
  function conditions(filters: ActivityFilters): SQL[] {
    const where: SQL[] = [];
    const actor = filters.actor?.trim();
    if (actor) {
      where.push(sql`(${activityLog.actorId} = ${actor} or lower(${activityLog.actorName}) = ${actor.toLowerCase()})`);
    }
    const action = filters.action?.trim();
    if (action) {
      where.push(
        action.includes(".")
          ? eq(activityLog.action, action)
          : like(activityLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`),
      );
    }
    if (filters.outcome) where.push(eq(activityLog.outcome, filters.outcome));
    if (filters.from) where.push(gte(activityLog.at, filters.from));
    if (filters.to) where.push(lte(activityLog.at, filters.to));
    return where;
  }

  return {
    /**
     * Writes one entry. Never throws: a log that cannot be written must not undo or hide the
     * operation it describes (the failure is reported to the operator instead).
     */
    async record(entry: ActivityEntryInput): Promise<void> {
      try {
        await db.insert(activityLog).values({
          at: entry.at ?? entryTime(),
          action: clip(entry.action, 100) ?? "unknown",
          actorId: clip(entry.actor?.id, 100),
          actorName: clip(entry.actor?.name, 100),
          targetKind: clip(entry.target?.kind, 50),
          targetId: clip(entry.target?.id, 200),
          targetLabel: clip(entry.target?.label && looksSecret(entry.target.label) ? REDACTED : entry.target?.label),
          outcome: entry.outcome ?? "ok",
          ipAddress: clip(entry.ipAddress, 64),
          userAgent: clip(entry.userAgent, 300),
          details: redactDetails(entry.details),
        });
      } catch (error) {
        console.error(`activity log: an entry for ${entry.action} could not be written:`, error);
      }
    },

    /** A page of entries that pass every filter, newest first; `after` is the last entry already shown. */
    async list(filters: ActivityFilters = {}, page: ActivityPageRequest = {}): Promise<Page<ActivityEntry>> {
      const limit = Math.min(
        Math.max(Math.trunc(page.limit ?? ACTIVITY_PAGE_SIZE) || ACTIVITY_PAGE_SIZE, 1),
        MAX_PAGE_SIZE,
      );
      const where = conditions(filters);
      if (page.after && isUuid(page.after)) {
        // Keyset through the (at, id) index: the thousandth page costs what the first does.
        where.push(
          sql`(${activityLog.at}, ${activityLog.id}) < (select c.at, c.id from ${activityLog} c where c.id = ${page.after})`,
        );
      }
      const rows = await db
        .select()
        .from(activityLog)
        .where(and(...where))
        .orderBy(desc(activityLog.at), desc(activityLog.id))
        .limit(limit + 1);
      return toPage(rows, limit);
    },

    /**
     * The usernames and titles of the accounts, posts and articles entries point at by id only
     * (issue 33: a person reads a name, not an id), by `kind:id`. Deleted ones are not found.
     */
    async namesOf(wanted: { user: string[]; post: string[]; journal: string[] }): Promise<Record<string, string>> {
      const ids = (list: string[]) => list.filter(isUuid).slice(0, 200);
      // One kind's names, by `kind:id`: none wanted, no query.
      const named = async (kind: string, table: PgTable, id: PgColumn, name: PgColumn, list: string[]) => {
        if (list.length === 0) return [];
        const rows = await db.select({ id, name }).from(table).where(inArray(id, list));
        return rows.map((row) => [`${kind}:${row.id as string}`, row.name as string]);
      };
      const found = await Promise.all([
        named("user", users, users.id, users.username, wanted.user.slice(0, 200)),
        named("post", posts, posts.id, posts.title, ids(wanted.post)),
        named("journal", articles, articles.id, articles.title, ids(wanted.journal)),
      ]);
      return Object.fromEntries(found.flat());
    },

    /** The action groups present in the log, for the filter's choices. */
    async groups(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ group: sql<string>`split_part(${activityLog.action}, '.', 1)` })
        .from(activityLog)
        .orderBy(sql`1`);
      return rows.map((row) => row.group).filter(Boolean);
    },

    /** Deletes entries older than `days` days; returns how many went. */
    async purgeOlderThan(days: number): Promise<number> {
      const cutoff = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
      const gone = await db.delete(activityLog).where(lt(activityLog.at, cutoff)).returning({ id: activityLog.id });
      return gone.length;
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;

export const activityEffects = effectTable({
  read: ["list", "namesOf", "groups"],
  write: ["record", "purgeOlderThan"],
}) satisfies Effects<ActivityService>;
