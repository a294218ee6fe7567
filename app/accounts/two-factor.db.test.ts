import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { TWO_FACTOR_MESSAGES } from "~/accounts/two-factor";
import { twoFactors, users } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { Services } from "~/registry.server";
import { ServiceError } from "~/services/errors.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../tests/support/database";
import { describeDevice } from "./devices.server";

/**
 * Two-factor sign-in through the service layer, with codes computed from the shared secret as an
 * authenticator app would: turning it on (password, then the first code), signing in with a code,
 * with a backup code (once), trusting a device, new backup codes, turning it off; and the account's
 * signed-in devices.
 */

let database: TestDatabase;
let services: Services;
let clientCounter = 0;
const PASSWORD = "correct horse battery";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** One browser: its own address (for rate limits), its user agent and its cookies. */
function browser(userAgent = FIREFOX) {
  const ip = `10.21.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;
  let cookie = "";
  return {
    request(path = "/") {
      return new Request(`http://localhost:3000${path}`, {
        headers: { [CLIENT_IP_HEADER]: ip, cookie, "user-agent": userAgent },
      });
    },
    keep(headers: Headers | undefined) {
      for (const setCookie of headers?.getSetCookie() ?? []) {
        const [pair] = setCookie.split(";");
        const name = pair.slice(0, pair.indexOf("="));
        const cleared = /max-age=0/i.test(setCookie) || pair.endsWith("=");
        cookie = [...cookie.split("; ").filter((c) => c && !c.startsWith(`${name}=`)), ...(cleared ? [] : [pair])].join(
          "; ",
        );
      }
    },
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** The code an authenticator app shows now for this otpauth:// address (or one period away). */
function codeFor(totpURI: string, offsetPeriods = 0) {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return totp.generate({ timestamp: Date.now() + offsetPeriods * 30_000 });
}

async function newAccount(prefix: string) {
  const username = `${prefix}.${++clientCounter}`;
  const b = browser();
  await services.accounts.signUp(b.request(), { username, email: `${username}@example.edu`, password: PASSWORD });
  b.keep((await services.accounts.signIn(b.request(), { username, password: PASSWORD })).headers);
  const user = (await services.accounts.currentUser(b.request()))!;
  return { username, b, user };
}

/** Turns two factors on for a signed-in browser; the otpauth address and the backup codes. */
async function turnOn(b: Browser) {
  const user = (await services.accounts.currentUser(b.request()))!;
  const { totpURI } = await services.twoFactor.start(b.request(), { password: PASSWORD, issuer: "CPSCR" });
  const confirmed = await services.twoFactor.confirm(b.request(), user, codeFor(totpURI));
  b.keep(confirmed.headers);
  return { totpURI, backupCodes: confirmed.backupCodes };
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const hasSession = (headers: Headers) =>
  headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c));

beforeAll(async () => {
  database = await openTestDatabase();
  services = testServices(database);
});
afterAll(async () => {
  await database?.dispose();
});

describe(`two-factor sign-in (${testDatabaseKind})`, () => {
  it("turns on only with the password and then the first code from the app", async () => {
    const { b, user } = await newAccount("tf.on");
    expect(await services.twoFactor.status(user)).toEqual({ enabled: false, pending: false, hasPassword: true });

    const wrong = await refusal(services.twoFactor.start(b.request(), { password: "not it", issuer: "CPSCR" }));
    expect(wrong.status).toBe(400);

    const { totpURI } = await services.twoFactor.start(b.request(), { password: PASSWORD, issuer: "CPSCR" });
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/CPSCR:.*secret=[A-Z2-7]+.*issuer=CPSCR/);
    const pending = (await services.accounts.currentUser(b.request()))!;
    expect(await services.twoFactor.status(pending)).toMatchObject({ enabled: false, pending: true });
    // Until the first code, a sign-in still needs the password only.
    const meanwhile = await services.accounts.signIn(browser().request(), {
      username: user.username,
      password: PASSWORD,
    });
    expect(meanwhile.twoFactorRequired).toBeUndefined();

    const badCode = await refusal(services.twoFactor.confirm(b.request(), pending, "000000"));
    expect(badCode.message).toMatch(/code is not right/);
    expect((await refusal(services.twoFactor.confirm(b.request(), pending, "12ab"))).status).toBe(400);

    const confirmed = await services.twoFactor.confirm(b.request(), pending, codeFor(totpURI));
    expect(confirmed.backupCodes).toHaveLength(10);
    expect(new Set(confirmed.backupCodes).size).toBe(10);
    // This browser's session was renewed with the flag on, and stays signed in.
    b.keep(confirmed.headers);
    const after = (await services.accounts.currentUser(b.request()))!;
    expect(after.twoFactorEnabled).toBe(true);
    expect(await services.twoFactor.status(after)).toMatchObject({ enabled: true, pending: false });
    // The secret is stored encrypted, never as the key the app was given.
    const [row] = await database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(totpURI).not.toContain(row.secret);
  });

  it("a right password alone gives no session; the code from the app does", async () => {
    const { b, username } = await newAccount("tf.code");
    const { totpURI } = await turnOn(b);

    const other = browser(SAFARI);
    const first = await services.accounts.signIn(other.request(), { username, password: PASSWORD });
    expect(first.twoFactorRequired).toBe(true);
    expect(hasSession(first.headers)).toBe(false);
    other.keep(first.headers);
    expect(other.cookie).toMatch(/cpscr\.two_factor=/);
    expect(await services.accounts.currentUser(other.request())).toBeNull();

    const wrong = await refusal(services.twoFactor.verifySignIn(other.request(), { code: "123456" }));
    expect(wrong.status).toBe(401);
    expect(wrong.message).toMatch(/code is not right/);
    const junk = await refusal(services.twoFactor.verifySignIn(other.request(), { code: "hello" }));
    expect(junk.status).toBe(400);

    const done = await services.twoFactor.verifySignIn(other.request(), { code: codeFor(totpURI) });
    expect(hasSession(done.headers)).toBe(true);
    other.keep(done.headers);
    expect((await services.accounts.currentUser(other.request()))?.username).toBe(username);
    // The challenge is spent: the same cookie cannot sign in again.
    const replay = browser();
    replay.cookie = first.headers
      .getSetCookie()
      .filter((c) => c.includes("two_factor="))
      .map((c) => c.split(";")[0])
      .join("; ");
    const again = await refusal(services.twoFactor.verifySignIn(replay.request(), { code: codeFor(totpURI) }));
    expect(again.message).toMatch(/expired/);
  });

  it("a backup code signs in once; new codes replace the old", async () => {
    const { b, username } = await newAccount("tf.backup");
    const { backupCodes } = await turnOn(b);

    const one = browser();
    one.keep((await services.accounts.signIn(one.request(), { username, password: PASSWORD })).headers);
    // Typed without its dash, as people do.
    const done = await services.twoFactor.verifySignIn(one.request(), { code: backupCodes[0].replace("-", "") });
    expect(hasSession(done.headers)).toBe(true);

    const two = browser();
    two.keep((await services.accounts.signIn(two.request(), { username, password: PASSWORD })).headers);
    const reused = await refusal(services.twoFactor.verifySignIn(two.request(), { code: backupCodes[0] }));
    expect(reused.message).toMatch(/already been used/);

    const fresh = await services.twoFactor.newBackupCodes(b.request(), PASSWORD);
    expect(fresh.backupCodes).toHaveLength(10);
    const old = await refusal(services.twoFactor.verifySignIn(two.request(), { code: backupCodes[1] }));
    expect(old.status).toBe(401);
    const ok = await services.twoFactor.verifySignIn(two.request(), { code: fresh.backupCodes[0] });
    expect(hasSession(ok.headers)).toBe(true);
  });

  it("a trusted device skips the code for its own account only, until two factors are turned off", async () => {
    const { b, username } = await newAccount("tf.trust");
    const { totpURI } = await turnOn(b);
    const device = browser();
    device.keep((await services.accounts.signIn(device.request(), { username, password: PASSWORD })).headers);
    const done = await services.twoFactor.verifySignIn(device.request(), { code: codeFor(totpURI), trustDevice: true });
    device.keep(done.headers);
    expect(device.cookie).toMatch(/trust_device=/);

    const trustCookie = device.cookie.split("; ").find((c) => c.includes("trust_device="))!;
    const later = browser();
    later.cookie = trustCookie;
    const skipped = await services.accounts.signIn(later.request(), { username, password: PASSWORD });
    expect(skipped.twoFactorRequired).toBeUndefined();
    expect(hasSession(skipped.headers)).toBe(true);

    // The same cookie is worth nothing for another account with two factors on.
    const { b: otherBrowser, username: otherName } = await newAccount("tf.trust.other");
    await turnOn(otherBrowser);
    const borrowed = browser();
    borrowed.cookie = trustCookie;
    const refused = await services.accounts.signIn(borrowed.request(), { username: otherName, password: PASSWORD });
    expect(refused.twoFactorRequired).toBe(true);

    // Turning off needs the password, and forgets the device.
    expect((await refusal(services.twoFactor.disable(b.request(), "wrong password"))).status).toBe(400);
    b.keep((await services.twoFactor.disable(b.request(), PASSWORD)).headers);
    const user = (await services.accounts.currentUser(b.request()))!;
    expect(user.twoFactorEnabled).toBe(false);
    expect(await services.twoFactor.status(user)).toMatchObject({ enabled: false, pending: false });
    const plain = await services.accounts.signIn(browser().request(), { username, password: PASSWORD });
    expect(plain.twoFactorRequired).toBeUndefined();
  });

  it("five wrong codes end the step; ten in a row lock the account's second factor", async () => {
    const { b, username } = await newAccount("tf.lock");
    const { totpURI } = await turnOn(b);
    const attempt = browser();
    attempt.keep((await services.accounts.signIn(attempt.request(), { username, password: PASSWORD })).headers);
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const error = await refusal(services.twoFactor.verifySignIn(attempt.request(), { code: "000000" }));
      messages.push(error.message);
      attempt.keep(error.headers);
    }
    expect(
      messages.slice(0, 5).every((m) => /not right/.test(m)),
      messages.join("\n"),
    ).toBe(true);
    expect(messages[5]).toMatch(/Too many wrong codes|expired/);
    // A right code cannot revive the spent step.
    const late = await refusal(services.twoFactor.verifySignIn(attempt.request(), { code: codeFor(totpURI) }));
    expect(late.message).toMatch(/expired|sign in again/i);

    const second = browser();
    second.keep((await services.accounts.signIn(second.request(), { username, password: PASSWORD })).headers);
    // The sixth to tenth wrong codes in a row are still compared; the eleventh is not.
    for (let i = 0; i < 5; i++) {
      const wrong = await refusal(services.twoFactor.verifySignIn(second.request(), { code: "000000" }));
      expect(wrong.message).toBe(TWO_FACTOR_MESSAGES.INVALID_CODE);
    }
    const third = browser();
    third.keep((await services.accounts.signIn(third.request(), { username, password: PASSWORD })).headers);
    const locked = await refusal(services.twoFactor.verifySignIn(third.request(), { code: codeFor(totpURI) }));
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/locked/);
  });

  it("a wave of wrong codes from many sign-ins at once checks at most ten; the right code is then refused", async () => {
    const { b, username, user } = await newAccount("tf.wave");
    const { totpURI } = await turnOn(b);
    // A code the app shows at no time near now.
    const near = new Set([-1, 0, 1].map((offset) => codeFor(totpURI, offset)));
    const wrong = ["000000", "111111", "222222"].find((code) => !near.has(code))!;
    // Thirty sign-ins whose password was right, each waiting for its code, then one more.
    const WAVE = 30;
    const steps: Browser[] = [];
    for (let i = 0; i <= WAVE; i++) {
      const step = browser();
      const first = await services.accounts.signIn(step.request(), { username, password: PASSWORD });
      expect(first.twoFactorRequired).toBe(true);
      step.keep(first.headers);
      steps.push(step);
    }
    const last = steps.pop()!;
    // All at once: each wrong code on a sign-in step of its own.
    const answers = await Promise.all(
      steps.map((step) => refusal(services.twoFactor.verifySignIn(step.request(), { code: wrong }))),
    );
    const checked = answers.filter((answer) => answer.message === TWO_FACTOR_MESSAGES.INVALID_CODE).length;
    const locked = answers.filter((answer) => answer.message === TWO_FACTOR_MESSAGES.ACCOUNT_TEMPORARILY_LOCKED);
    expect(checked, answers.map((a) => `${a.status} ${a.message}`).join("\n")).toBeLessThanOrEqual(10);
    expect(checked + locked.length).toBe(WAVE);
    expect(locked.every((answer) => answer.status === 429)).toBe(true);
    // The account's count of failures says the same: no more than ten codes were compared.
    const [row] = await database.db
      .select({ failures: twoFactors.failedVerificationCount, lockedUntil: twoFactors.lockedUntil })
      .from(twoFactors)
      .where(eq(twoFactors.userId, user.id));
    expect(row.failures).toBe(checked);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // The right code, after the wave, is refused: the second factor is locked.
    const right = await refusal(services.twoFactor.verifySignIn(last.request(), { code: codeFor(totpURI) }));
    expect([right.status, right.message]).toEqual([429, TWO_FACTOR_MESSAGES.ACCOUNT_TEMPORARILY_LOCKED]);

    // Once the lock has run out, the right code signs in, and the count starts again.
    await database.db
      .update(twoFactors)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(twoFactors.userId, user.id));
    const signedIn = await services.twoFactor.verifySignIn(last.request(), { code: codeFor(totpURI) });
    expect(hasSession(signedIn.headers)).toBe(true);
    const [after] = await database.db
      .select({ failures: twoFactors.failedVerificationCount, lockedUntil: twoFactors.lockedUntil })
      .from(twoFactors)
      .where(eq(twoFactors.userId, user.id));
    expect(after).toEqual({ failures: 0, lockedUntil: null });
  });

  it("REQUIRE_ADMIN_2FA: an admin without two factors has no admin rights until they turn it on", async () => {
    const strict = testServices(database, { requireAdminTwoFactor: true });
    const { b, username, user } = await newAccount("tf.admin");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const before = (await strict.accounts.currentUser(b.request()))!;
    expect(before).toMatchObject({ username, isAdmin: false, adminNeedsTwoFactor: true });
    await turnOn(b);
    const after = (await strict.accounts.currentUser(b.request()))!;
    expect(after.isAdmin).toBe(true);
    expect(after.adminNeedsTwoFactor).toBeUndefined();
    // Without the setting, nothing changes for admins.
    const { b: other, user: otherUser } = await newAccount("tf.admin.free");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.id, otherUser.id));
    expect((await services.accounts.currentUser(other.request()))?.isAdmin).toBe(true);
  });
});

describe(`signed-in devices (${testDatabaseKind})`, () => {
  it("lists each device with its browser, system, address and last use, and ends any other", async () => {
    const { b, username, user } = await newAccount("dev.list");
    const phone = browser(SAFARI);
    phone.keep((await services.accounts.signIn(phone.request(), { username, password: PASSWORD })).headers);
    const third = browser();
    third.keep((await services.accounts.signIn(third.request(), { username, password: PASSWORD })).headers);

    const listed = await services.twoFactor.listSessions(b.request(), user);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, browser: "Firefox 128", system: "Windows 10" });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const iphone = listed.find((s) => s.browser.startsWith("Safari"))!;
    expect(iphone.system).toMatch(/^iOS 17/);
    expect(iphone.ipAddress).toMatch(/^10\.21\./);
    expect(iphone.lastSeen).toBeInstanceOf(Date);

    // This device is ended by signing out, not here.
    expect((await refusal(services.twoFactor.endSession(b.request(), user, listed[0].id))).status).toBe(400);
    await services.twoFactor.endSession(b.request(), user, iphone.id);
    expect(await services.accounts.currentUser(phone.request())).toBeNull();
    expect((await refusal(services.twoFactor.endSession(b.request(), user, iphone.id))).status).toBe(404);

    // Another account's device is not this account's to end.
    const { b: stranger, user: strangerUser } = await newAccount("dev.stranger");
    const theirs = (await services.twoFactor.listSessions(stranger.request(), strangerUser))[0];
    expect((await refusal(services.twoFactor.endSession(b.request(), user, theirs.id))).status).toBe(404);
    expect(await services.accounts.currentUser(stranger.request())).not.toBeNull();

    expect(await services.twoFactor.endOtherSessions(b.request(), user)).toBe(1);
    expect(await services.accounts.currentUser(third.request())).toBeNull();
    expect(await services.accounts.currentUser(b.request())).not.toBeNull();
    expect(await services.twoFactor.listSessions(b.request(), user)).toHaveLength(1);
  });

  it("names browsers and systems in a person's words", () => {
    expect(describeDevice(null)).toEqual({ browser: "Unknown browser", system: "Unknown system" });
    expect(describeDevice("curl/8.5.0").system).toBe("Unknown system");
  });
});
