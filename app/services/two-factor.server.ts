import Bowser from "bowser";
import { and, desc, eq, gt, ne } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { accounts, sessions, twoFactors } from "~/db/schema";
import { ENTER_CODE, SESSION_GONE, THIS_SESSION } from "~/domain/messages/two-factor";

import { type AccountResult, callAuthAs, cookiesOf, refusalOf, type SessionUser } from "./accounts.server";
import type { Auth } from "./auth.server";
import { type Effects, effectTable } from "./content-changes.server";
import { InvalidError, NotFoundError, ServiceError } from "./errors.server";

/** Where two-factor sign-in stands for an account, for its profile. */
export type TwoFactorStatus = {
  enabled: boolean;
  /** Turned on but the first code not given yet. */
  pending: boolean;
  /** Accounts made through Google or OIDC have no password to ask for. */
  hasPassword: boolean;
};

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

/** A 6-digit code from an app, or one of the backup codes ("abcde-12345"). */
const APP_CODE = /^\d{6}$/;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** The browser and system a user agent names, in a person's words. */
export function describeDevice(userAgent: string | null | undefined): { browser: string; system: string } {
  if (!userAgent) return { browser: "Unknown browser", system: "Unknown system" };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  return { browser: browser || "Unknown browser", system: system || "Unknown system" };
}

/**
 * Two-factor sign-in (TOTP, backup codes, trusted devices) and the account's signed-in devices.
 * The secrets, codes and challenges are the auth library's twoFactor plugin's: every step goes
 * through its endpoints (so its password checks, attempt counts, lock-outs and rate limits apply);
 * this only words the answers and lists sessions.
 */
export function twoFactorService(db: Database, auth: Auth, options: { publicUrl?: string }) {
  const callAuth = callAuthAs(auth, options.publicUrl);

  async function call(request: Request, path: string, body: unknown, { keepCookiesOnRefusal = false } = {}) {
    const response = await callAuth(request, path, body);
    if (!response.ok) throw await refusalOf(response, { cookies: keepCookiesOnRefusal });
    return response;
  }

  async function currentSessionId(request: Request): Promise<string | null> {
    const session = await auth.api.getSession({ headers: request.headers });
    return session?.session.id ?? null;
  }

  return {
    async status(user: SessionUser): Promise<TwoFactorStatus> {
      const [row] = await db
        .select({ verified: twoFactors.verified })
        .from(twoFactors)
        .where(eq(twoFactors.userId, user.id));
      const [credential] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
      return {
        enabled: Boolean(user.twoFactorEnabled),
        pending: !user.twoFactorEnabled && row?.verified === false,
        hasPassword: Boolean(credential?.password),
      };
    },

    /**
     * Starts turning two factors on: a new secret, shown as an otpauth:// address (for the QR
     * code) in the name of `issuer`. Nothing changes at sign-in until `confirm` gets a right code.
     */
    async start(request: Request, input: { password?: string; issuer: string }): Promise<{ totpURI: string }> {
      const response = await call(request, "/two-factor/enable", {
        password: input.password || undefined,
        issuer: input.issuer,
      });
      const body = (await response.json()) as { totpURI: string };
      return { totpURI: body.totpURI };
    },

    /** The first code from the app turns two factors on; the backup codes are shown this once. */
    async confirm(
      request: Request,
      user: SessionUser,
      code: string,
    ): Promise<AccountResult & { backupCodes: string[] }> {
      const given = code.replace(/\s+/g, "");
      if (!APP_CODE.test(given)) throw new InvalidError("Enter the 6-digit code your app shows.", "code");
      const response = await call(request, "/two-factor/verify-totp", { code: given });
      const { backupCodes } = (await auth.api.viewBackupCodes({ body: { userId: user.id } })) as {
        backupCodes: string[];
      };
      return { headers: cookiesOf(response), backupCodes };
    },

    /** New backup codes (the old ones stop working), shown this once. */
    async newBackupCodes(request: Request, password?: string): Promise<{ backupCodes: string[] }> {
      const response = await call(request, "/two-factor/generate-backup-codes", { password: password || undefined });
      const body = (await response.json()) as { backupCodes: string[] };
      return { backupCodes: body.backupCodes };
    },

    /** Turns two factors off; this browser's trusted-device mark goes with it. */
    async disable(request: Request, password?: string): Promise<AccountResult> {
      const response = await call(request, "/two-factor/disable", { password: password || undefined });
      return { headers: cookiesOf(response) };
    },

    /**
     * The second step of a sign-in: a code from the app, or a backup code (used up). Needs the
     * challenge cookie the first step set; on success the headers carry the session cookie (and,
     * with `trustDevice`, a cookie that skips this step on this browser for 30 days).
     */
    async verifySignIn(
      request: Request,
      input: { code: string; trustDevice?: boolean },
    ): Promise<AccountResult & { userId: string }> {
      const code = input.code.trim();
      const compact = code.replace(/\s+/g, "");
      const path = APP_CODE.test(compact)
        ? "/two-factor/verify-totp"
        : BACKUP_CODE.test(compact)
          ? "/two-factor/verify-backup-code"
          : null;
      if (!path) throw new InvalidError(ENTER_CODE, "code");
      // Backup codes are stored as made ("abcde-12345"); the dash may be left out when typed.
      const sent = path === "/two-factor/verify-totp" ? compact : compact.replace(/^(.{5})-?(.{5})$/, "$1-$2");
      // A refusal keeps the cookies the library set: an expired or used-up challenge is cleared.
      const response = await call(
        request,
        path,
        { code: sent, trustDevice: input.trustDevice === true },
        { keepCookiesOnRefusal: true },
      );
      const body = (await response.json()) as { user?: { id?: string } };
      if (!body.user?.id) throw new ServiceError("Signing in failed. Please try again.", 500);
      return { headers: cookiesOf(response), userId: body.user.id };
    },

    /** The account's signed-in devices, the one asking first, then the most recently seen. */
    async sessions(request: Request, user: SessionUser): Promise<DeviceSession[]> {
      const current = await currentSessionId(request);
      const rows = await db
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
    },

    /** Signs out one of the account's other devices. */
    async endSession(request: Request, user: SessionUser, sessionId: string): Promise<void> {
      if (sessionId === (await currentSessionId(request))) throw new InvalidError(THIS_SESSION);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw new NotFoundError(SESSION_GONE);
    },

    /** Signs out every device but this one; returns how many. */
    async endOtherSessions(request: Request, user: SessionUser): Promise<number> {
      const current = await currentSessionId(request);
      if (!current) return 0;
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, current)))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;

export const twoFactorEffects = effectTable({
  read: ["status", "sessions"],
  write: ["start", "confirm", "newBackupCodes", "disable", "verifySignIn", "endSession", "endOtherSessions"],
}) satisfies Effects<TwoFactorService>;
