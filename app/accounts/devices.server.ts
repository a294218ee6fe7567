import Bowser from "bowser";
import { and, desc, eq, gt, ne } from "drizzle-orm";

import { sessions } from "~/db/schema";
import { effectTable } from "~/services/content-changes.server";
import { InvalidError, NotFoundError } from "~/services/errors.server";

import type { AccountsContext } from "./context.server";
import type { SessionUser } from "./users.server";

/** The account's signed-in devices (the profile's list): each session, and signing out the others. */

// What a person is told.
export const SESSION_ENDED = "That device has been signed out.";
export const SESSION_GONE = "That device is already signed out.";
export const OTHER_SESSIONS_ENDED = "Every other device has been signed out.";
export const NO_OTHER_SESSION = "No other device is signed in.";
export const THIS_SESSION = "To sign out this device, use Sign out.";

/** One signed-in device, as the profile lists it. */
export type DeviceSession = {
  id: string;
  browser: string;
  system: string;
  ipAddress: string;
  createdAt: Date;
  lastSeen: Date;
  current: boolean;
};

/** The browser and system a user agent names, in a person's words. */
export function describeDevice(userAgent: string | null | undefined): { browser: string; system: string } {
  if (!userAgent) return { browser: "Unknown browser", system: "Unknown system" };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  return { browser: browser || "Unknown browser", system: system || "Unknown system" };
}

async function currentSessionId(ctx: AccountsContext, request: Request): Promise<string | null> {
  return (await ctx.library.session(request.headers))?.session.id ?? null;
}

/** The account's signed-in devices, the one asking first, then the most recently seen. */
export async function listSessions(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
): Promise<DeviceSession[]> {
  const current = await currentSessionId(ctx, request);
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows
    .map((row) => ({
      id: row.id,
      ...describeDevice(row.userAgent),
      ipAddress: row.ipAddress ?? "",
      createdAt: row.createdAt,
      lastSeen: row.updatedAt,
      current: row.id === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one of the account's other devices. */
export async function endSession(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
  sessionId: string,
): Promise<void> {
  if (sessionId === (await currentSessionId(ctx, request))) throw new InvalidError(THIS_SESSION);
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new NotFoundError(SESSION_GONE);
}

/** Signs out every device but this one; returns how many. */
export async function endOtherSessions(ctx: AccountsContext, request: Request, user: SessionUser): Promise<number> {
  const current = await currentSessionId(ctx, request);
  if (!current) return 0;
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), ne(sessions.id, current)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Which of this flow's functions are the `twoFactor` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({ read: ["listSessions"], write: ["endSession", "endOtherSessions"] });
