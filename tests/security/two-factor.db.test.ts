/**
 * Two-factor bypass attempts, at the HTTP server (the built site as its own process, on PGlite and
 * on PostgreSQL; TRUST_PROXY, so each request's X-Forwarded-For is its client; REQUIRE_ADMIN_2FA on;
 * Google sign-in against keys the test publishes). For an account with two factors on, no path gives
 * a session without the second factor:
 *
 * - the sign-in form and POST /api/auth/signin answer the right password with a challenge only;
 * - POST /api/auth/google answers a genuine Google ID token with a challenge only;
 * - a trusted-device cookie counts only when the site signed it, for that very account;
 * - a backup code works once; the challenge cookie works once, and not after the sign-in it made;
 * - REQUIRE_ADMIN_2FA: an admin without two factors reaches no admin screen, action or API call.
 *
 * The OIDC redirect sign-in, which needs the provider's login pages, is checked in a real browser by
 * tests/e2e/two-factor.spec.ts; its callback goes through the same guard as Google's
 * (app/accounts/better-auth/two-factor-plugins.server.ts).
 */
import { randomBytes } from "node:crypto";

import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ADMIN_NEEDS_TWO_FACTOR } from "~/accounts/two-factor";

import { fakeGoogleKeys, GOOGLE_CLIENT_ID } from "../support/api";
import { browserRequest, type BrowserRequestOptions } from "../support/browser-request";
import { reportCount } from "../support/counts";
import { killAllSitesAndDispose, type SiteProcess, startSite } from "../support/site-process";
import { createAdmin, databaseLabel as label, type SiteStorage, siteStorage } from "../support/site-suite";

const ADMIN = { username: "tf.admin", email: "tf.admin@example.edu", password: "two factor admin password" };

let site: SiteProcess;
let storage: SiteStorage;
let google: Awaited<ReturnType<typeof fakeGoogleKeys>>;
let attempts = 0;

type Reply = { status: number; location: string; text: string; headers: Headers; json: Record<string, unknown> };

async function send(method: string, pathname: string, options: BrowserRequestOptions = {}): Promise<Reply> {
  const { response, text } = await browserRequest(site.url, method, pathname, options);
  expect(response.status, `${method} ${pathname} must not fail on the server: ${text.slice(0, 200)}`).toBeLessThan(500);
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // an HTML page
  }
  return {
    status: response.status,
    location: response.headers.get("location") ?? "",
    text,
    headers: response.headers,
    json,
  };
}

/** A browser's cookie jar: what the site set, sent back as a browser would. */
class Jar {
  private cookies = new Map<string, string>();
  constructor(initial = "") {
    for (const pair of initial.split("; ").filter(Boolean)) this.cookies.set(pair.split("=")[0], pair);
  }
  keep(reply: Reply) {
    for (const setCookie of reply.headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      if (pair.endsWith("=") || /max-age=0/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
    return reply;
  }
  get(name: string) {
    return [...this.cookies.entries()].find(([key]) => key.endsWith(name))?.[1] ?? "";
  }
  get header() {
    return [...this.cookies.values()].join("; ");
  }
}

const hasSession = (reply: Reply) =>
  reply.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c));
const codeFor = (totpURI: string) => (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate();

/** Is this cookie a live session? */
async function signedIn(cookie: string) {
  return (await send("GET", "/dashboard?tab=profile", { cookie })).status === 200;
}

type Person = { username: string; password: string; jar: Jar; totpURI: string; backupCodes: string[] };

async function newPerson(prefix: string): Promise<Person> {
  const username = `${prefix}.${randomBytes(3).toString("hex")}`;
  const password = `pw ${randomBytes(6).toString("hex")}`;
  expect(
    (await send("POST", "/signup", { form: { username, email: `${username}@example.edu`, password } })).status,
  ).toBe(302);
  const jar = new Jar();
  expect(jar.keep(await send("POST", "/signin", { form: { username, password } })).status).toBe(302);
  return { username, password, jar, totpURI: "", backupCodes: [] };
}

/** Turns two factors on through the profile's forms, as a browser without scripts does. */
async function turnOn(person: Pick<Person, "jar" | "password">) {
  const started = await send("POST", "/dashboard?tab=profile", {
    cookie: person.jar.header,
    form: { intent: "two-factor-start", password: person.password },
  });
  expect(started.status, started.text.slice(0, 300)).toBe(200);
  const totpURI = /otpauth:\/\/totp\/[^"<\s]+/.exec(started.text)![0].replaceAll("&amp;", "&");
  const confirmed = person.jar.keep(
    await send("POST", "/dashboard?tab=profile", {
      cookie: person.jar.header,
      form: { intent: "two-factor-confirm", code: codeFor(totpURI), totpURI },
    }),
  );
  expect(confirmed.status).toBe(302);
  const page = await send("GET", confirmed.location, { cookie: person.jar.header });
  const list = /data-testid="backup-codes"[^>]*>(.*?)<\/ul>/s.exec(page.text)![1];
  const backupCodes = [...list.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]);
  expect(backupCodes).toHaveLength(10);
  return { totpURI, backupCodes };
}

/** The password step through the form: the challenge's cookie jar (no session in it). */
async function passwordStep(person: Pick<Person, "username" | "password">, jar = new Jar()) {
  const reply = jar.keep(
    await send("POST", "/signin", {
      cookie: jar.header,
      form: { username: person.username, password: person.password },
    }),
  );
  return { reply, jar };
}

beforeAll(async () => {
  storage = await siteStorage("two-factor");
  google = await fakeGoogleKeys();
  site = await startSite({
    ...storage.env,
    TRUST_PROXY: "true",
    REQUIRE_ADMIN_2FA: "true",
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: "test-secret",
    GOOGLE_JWKS_URL: google.url,
  });
  await createAdmin(ADMIN, storage.env);
}, 180_000);

afterAll(async () => {
  reportCount("security", attempts, `two-factor bypass attempts refused (${label})`);
  await google?.close();
  await killAllSitesAndDispose(storage);
});

describe(`two-factor sign-in cannot be skipped (${label})`, () => {
  it("the form: a right password gives only a challenge; the code finishes; the challenge works once", async () => {
    const person = await newPerson("tf.form");
    Object.assign(person, await turnOn(person));

    const { reply, jar } = await passwordStep(person);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`/signin/two-factor?redirectTo=${encodeURIComponent("/dashboard?tab=profile")}`);
    expect(hasSession(reply)).toBe(false);
    expect(jar.get("two_factor")).not.toBe("");
    // The challenge is no session.
    expect(await signedIn(jar.header)).toBe(false);
    expect((await send("GET", "/api/users/getusers", { cookie: jar.header })).status).toBe(401);
    attempts += 2;

    const wrong = await send("POST", "/signin/two-factor", { cookie: jar.header, form: { code: "000000" } });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("That code is not right.");
    const challenge = jar.get("two_factor");
    const done = jar.keep(
      await send("POST", "/signin/two-factor", {
        cookie: jar.header,
        form: { code: codeFor(person.totpURI), redirectTo: "/dashboard?tab=profile" },
      }),
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe("/dashboard?tab=profile");
    expect(hasSession(done)).toBe(true);
    expect(await signedIn(jar.header)).toBe(true);

    // The challenge cookie, replayed after the sign-in it made, signs nobody in.
    const replay = await send("POST", "/signin/two-factor", {
      cookie: challenge,
      form: { code: codeFor(person.totpURI) },
    });
    expect(replay.status).toBe(401);
    expect(hasSession(replay)).toBe(false);
    expect(replay.text).toContain("This sign-in step has expired.");
    // A challenge cookie the site did not sign is refused too.
    const forged = challenge.replace(/=.*/, "=2fa-forged.AAAA");
    const forgedReply = await send("POST", "/signin/two-factor", {
      cookie: forged,
      form: { code: codeFor(person.totpURI) },
    });
    expect(forgedReply.status).toBe(401);
    attempts += 3;
  });

  it("the JSON API: 401 with twoFactorRequired and no session, then POST /api/auth/two-factor", async () => {
    const person = await newPerson("tf.api");
    Object.assign(person, await turnOn(person));
    const jar = new Jar();
    const first = jar.keep(
      await send("POST", "/api/auth/signin", { json: { username: person.username, password: person.password } }),
    );
    expect(first.status).toBe(401);
    expect(first.json).toMatchObject({ success: false, statusCode: 401, twoFactorRequired: true });
    expect(first.json).not.toHaveProperty("user");
    expect(hasSession(first)).toBe(false);
    // By e-mail address, the same.
    const byEmail = await send("POST", "/api/auth/signin", {
      json: { username: `${person.username}@example.edu`, password: person.password },
    });
    expect(byEmail.json).toMatchObject({ twoFactorRequired: true });
    expect(hasSession(byEmail)).toBe(false);
    attempts += 2;

    // Without the challenge cookie, a right code signs nobody in.
    const bare = await send("POST", "/api/auth/two-factor", { json: { code: codeFor(person.totpURI) } });
    expect(bare.status).toBe(401);
    expect(hasSession(bare)).toBe(false);
    const malformed = await send("POST", "/api/auth/two-factor", { cookie: jar.header, json: { code: 123456 } });
    expect(malformed.status).toBe(400);
    attempts += 2;

    const done = jar.keep(
      await send("POST", "/api/auth/two-factor", { cookie: jar.header, json: { code: codeFor(person.totpURI) } }),
    );
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ success: true, user: { username: person.username } });
    expect(await signedIn(jar.header)).toBe(true);
  });

  it("a backup code works once", async () => {
    const person = await newPerson("tf.backup");
    Object.assign(person, await turnOn(person));
    const first = await passwordStep(person);
    const used = first.jar.keep(
      await send("POST", "/signin/two-factor", { cookie: first.jar.header, form: { code: person.backupCodes[0] } }),
    );
    expect(hasSession(used)).toBe(true);
    const second = await passwordStep(person);
    const reused = await send("POST", "/api/auth/two-factor", {
      cookie: second.jar.header,
      json: { code: person.backupCodes[0] },
    });
    expect(reused.status).toBe(401);
    expect(reused.json.message).toMatch(/already been used/);
    expect(hasSession(reused)).toBe(false);
    attempts += 1;
  });

  it("a trusted-device cookie counts only as the site signed it, for its own account", async () => {
    const owner = await newPerson("tf.trust");
    Object.assign(owner, await turnOn(owner));
    const other = await newPerson("tf.trust.other");
    Object.assign(other, await turnOn(other));

    const { jar } = await passwordStep(owner);
    jar.keep(
      await send("POST", "/signin/two-factor", {
        cookie: jar.header,
        form: { code: codeFor(owner.totpURI), trustDevice: "on" },
      }),
    );
    const trust = jar.get("trust_device");
    expect(trust).not.toBe("");

    // The owner's browser: the password alone.
    const trusted = await passwordStep(owner, new Jar(trust));
    expect(hasSession(trusted.reply)).toBe(true);

    // Another account in the same browser: the code is still asked.
    const borrowed = await passwordStep(other, new Jar(trust));
    expect(hasSession(borrowed.reply)).toBe(false);
    expect(borrowed.reply.location).toMatch(/^\/signin\/two-factor/);
    // A cookie changed by hand (its identifier or its signature), or made up: the code is asked.
    const [name, value] = [trust.slice(0, trust.indexOf("=")), decodeURIComponent(trust.slice(trust.indexOf("=") + 1))];
    const tampered = [
      `${name}=${encodeURIComponent(value.replace(/trust-device-\w/, "trust-device-X"))}`,
      `${name}=${encodeURIComponent(value.slice(0, -4) + "AAAA")}`,
      `${name}=${encodeURIComponent("made-up!trust-device-abc.c2lnbmF0dXJl")}`,
    ];
    for (const cookie of tampered) {
      const attempt = await passwordStep(owner, new Jar(cookie));
      expect(hasSession(attempt.reply), cookie).toBe(false);
    }
    // Through the JSON API too.
    const api = await send("POST", "/api/auth/signin", {
      cookie: trust,
      json: { username: other.username, password: other.password },
    });
    expect(api.json).toMatchObject({ twoFactorRequired: true });
    attempts += 2 + tampered.length;
  });

  it("Google ID token: a genuine token gives only a challenge to an account with two factors", async () => {
    const email = `tf.google.${randomBytes(3).toString("hex")}@example.edu`;
    const sub = `google-${randomBytes(4).toString("hex")}`;
    const jar = new Jar();
    const first = jar.keep(
      await send("POST", "/api/auth/google", { json: { idToken: await google.sign({ email, sub }) } }),
    );
    expect(first.status, first.text).toBe(200);
    // No password on this account: two factors are turned on with the session alone.
    const { totpURI } = await turnOn({ jar, password: "" });

    const again = new Jar();
    const second = again.keep(
      await send("POST", "/api/auth/google", { json: { idToken: await google.sign({ email, sub }) } }),
    );
    expect(second.status).toBe(401);
    expect(second.json).toMatchObject({ twoFactorRequired: true });
    expect(hasSession(second)).toBe(false);
    expect(await signedIn(again.header)).toBe(false);
    attempts += 1;
    const done = again.keep(
      await send("POST", "/api/auth/two-factor", { cookie: again.header, json: { code: codeFor(totpURI) } }),
    );
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ user: { email } });
    expect(await signedIn(again.header)).toBe(true);

    // A device this account trusts skips the code with a token too; another account's trust does not.
    const device = new Jar();
    device.keep(await send("POST", "/api/auth/google", { json: { idToken: await google.sign({ email, sub }) } }));
    device.keep(
      await send("POST", "/api/auth/two-factor", {
        cookie: device.header,
        json: { code: codeFor(totpURI), trustDevice: true },
      }),
    );
    const trust = device.get("trust_device");
    expect(trust).not.toBe("");
    const trusted = await send("POST", "/api/auth/google", {
      cookie: trust,
      json: { idToken: await google.sign({ email, sub }) },
    });
    expect(trusted.status).toBe(200);
    expect(hasSession(trusted)).toBe(true);
    const stranger = await newPerson("tf.google.other");
    await turnOn(stranger);
    const borrowed = await send("POST", "/api/auth/signin", {
      cookie: trust,
      json: { username: stranger.username, password: stranger.password },
    });
    expect(borrowed.json).toMatchObject({ twoFactorRequired: true });
    attempts += 1;
  });
});

describe(`the second factor's lock cannot be raced (${label})`, () => {
  it("thirty wrong codes sent at once on thirty sign-ins: at most ten are compared, and the right code is then refused", async () => {
    const person = await newPerson("tf.wave");
    Object.assign(person, await turnOn(person));
    const now = codeFor(person.totpURI);
    const wrong = now === "000000" ? "111111" : "000000";
    // Thirty-one password steps, each a client of its own (TRUST_PROXY), each waiting for its code.
    const WAVE = 30;
    const steps: Jar[] = [];
    for (let i = 0; i <= WAVE; i++) {
      const { reply, jar } = await passwordStep(person);
      expect(reply.status).toBe(302);
      steps.push(jar);
    }
    const last = steps.pop()!;
    // The wave: every wrong code at once, through the JSON API.
    const answers = await Promise.all(
      steps.map((jar) => send("POST", "/api/auth/two-factor", { cookie: jar.header, json: { code: wrong } })),
    );
    const compared = answers.filter((answer) => answer.status === 401 && /not right/.test(answer.text));
    const locked = answers.filter((answer) => answer.status === 429 && /locked/.test(answer.text));
    expect(
      compared.length,
      answers.map((answer) => `${answer.status} ${answer.text.slice(0, 80)}`).join("\n"),
    ).toBeLessThanOrEqual(10);
    expect(compared.length + locked.length).toBe(WAVE);
    // The right code after the wave: locked, no session.
    const right = await send("POST", "/api/auth/two-factor", {
      cookie: last.header,
      json: { code: codeFor(person.totpURI) },
    });
    expect(right.status).toBe(429);
    expect(right.json.message).toMatch(/locked for 15 minutes/);
    expect(hasSession(right)).toBe(false);
    attempts += WAVE + 1;
  });
});

describe(`REQUIRE_ADMIN_2FA (${label})`, () => {
  it("an admin without two factors signs in, but reaches no admin screen, action or call until it is on", async () => {
    const jar = new Jar();
    const signIn = jar.keep(
      await send("POST", "/api/auth/signin", { json: { username: ADMIN.username, password: ADMIN.password } }),
    );
    expect(signIn.status).toBe(200);
    const setup = "/dashboard?tab=profile&twofactor=required#two-factor";
    for (const screen of ["/dashboard?tab=users", "/dashboard?tab=posts", "/create-post", "/create-journal"]) {
      const reply = await send("GET", screen, { cookie: jar.header });
      expect(reply.status, screen).toBe(302);
      expect(reply.location, screen).toBe(setup);
    }
    const action = await send("POST", "/dashboard", {
      cookie: jar.header,
      form: { intent: "delete-user", userId: "0" },
    });
    expect(action.status).toBe(302);
    expect(action.location).toBe(setup);
    const api = await send("GET", "/api/users/getusers", { cookie: jar.header });
    expect(api.status).toBe(403);
    expect(api.json.message).toBe(ADMIN_NEEDS_TWO_FACTOR);
    const someoneElse = await send("PUT", "/api/users/update/not-mine", {
      cookie: jar.header,
      json: { username: "renamed.by.admin" },
    });
    expect(someoneElse.status).toBe(403);
    attempts += 7;

    // The profile says why, even when visited directly, and is where it is turned on.
    expect((await send("GET", "/dashboard?tab=profile", { cookie: jar.header })).text).toContain(
      ADMIN_NEEDS_TWO_FACTOR,
    );
    const profile = await send("GET", setup, { cookie: jar.header });
    expect(profile.status).toBe(200);
    expect(profile.text).toContain(ADMIN_NEEDS_TWO_FACTOR);
    const { totpURI } = await turnOn({ jar, password: ADMIN.password });
    expect((await send("GET", "/dashboard?tab=users", { cookie: jar.header })).status).toBe(200);
    expect((await send("GET", "/api/users/getusers", { cookie: jar.header })).status).toBe(200);

    // From now on the admin's password alone gives no session.
    const next = await send("POST", "/api/auth/signin", {
      json: { username: ADMIN.username, password: ADMIN.password },
    });
    expect(next.json).toMatchObject({ twoFactorRequired: true });
    expect(hasSession(next)).toBe(false);
    expect(totpURI).toContain("issuer=CPSCR");
  });
});
