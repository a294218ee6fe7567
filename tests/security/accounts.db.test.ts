/**
 * Password guessing and username probing, at the HTTP server (the built site as its own process,
 * on PGlite and on PostgreSQL; TRUST_PROXY, so each request's X-Forwarded-For is its client).
 *
 * - Sign-in: 10 attempts a minute per account AND per client address, whichever way they come:
 *   the /signin form or POST /api/auth/signin, by username or by e-mail address. The 11th is 429
 *   with when to try again, even with the right password. A successful sign-in does not use up
 *   the allowance. On PostgreSQL, two servers on one database share the count.
 * - The profile update (dashboard form and PUT /api/users/update/{id}) tells whether a username is
 *   taken only 10 times a minute per client (and per account), then 429.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { browserRequest, newAddress } from "../support/browser-request";
import { reportCount } from "../support/counts";
import {
  killAllSitesAndDispose,
  scratchDirectory,
  sessionCookieOf,
  type SiteProcess,
  startSite,
} from "../support/site-process";
import { databaseLabel as label, onPostgres, type SiteStorage, startSiteBehindProxy } from "../support/site-suite";

const WAIT_MESSAGE = /Too many attempts\. Please try again in \d+ (seconds?|minute)\./;

let site: SiteProcess;
let storage: SiteStorage;
let checks = 0;

type Reply = { status: number; text: string; headers: Headers };
type Account = { username: string; email: string; password: string; id: string; cookie: string };

async function send(
  server: SiteProcess,
  method: string,
  pathname: string,
  options: { form?: Record<string, string>; json?: unknown; cookie?: string; from?: string } = {},
): Promise<Reply> {
  // A browser on this site: its own origin; each request its own address unless `from` is given.
  const { response, text } = await browserRequest(server.url, method, pathname, options);
  expect(response.status, `${method} ${pathname} must not fail on the server: ${text.slice(0, 200)}`).toBeLessThan(500);
  return { status: response.status, text, headers: response.headers };
}

const sessionCookie = (reply: Reply) => sessionCookieOf(reply.headers);

async function newAccount(prefix: string): Promise<Account> {
  const username = `${prefix}.${randomBytes(3).toString("hex")}`;
  const email = `${username}@example.edu`;
  const password = `pw ${randomBytes(6).toString("hex")}`;
  const created = await send(site, "POST", "/signup", { form: { username, email, password } });
  expect(created.status, `sign-up of ${username}: ${created.text.slice(0, 200)}`).toBe(302);
  const signedIn = await send(site, "POST", "/api/auth/signin", { json: { username, password } });
  expect(signedIn.status).toBe(200);
  return {
    username,
    email,
    password,
    id: (JSON.parse(signedIn.text) as { user: { _id: string } }).user._id,
    cookie: sessionCookie(signedIn),
  };
}

/**
 * One sign-in attempt by one of the four ways in: the form or the JSON API, by username or by
 * e-mail address. Answers 401 for a wrong password, 302 (form) or 200 (API) when signed in.
 */
type Way = "form-username" | "form-email" | "api-username" | "api-email";
const WAYS: Way[] = ["form-username", "form-email", "api-username", "api-email"];
async function attempt(
  server: SiteProcess,
  way: Way,
  account: { username: string; email: string },
  password: string,
  from?: string,
) {
  const identifier = way.endsWith("email") ? account.email : account.username;
  return way.startsWith("form")
    ? send(server, "POST", "/signin", { from, form: { username: identifier, password } })
    : send(server, "POST", "/api/auth/signin", { from, json: { username: identifier, password } });
}

function expectLimited(reply: Reply, what: string) {
  expect(reply.status, `${what}: ${reply.text.slice(0, 200)}`).toBe(429);
  expect(reply.text).toMatch(WAIT_MESSAGE);
  const retryAfter = Number(reply.headers.get("retry-after"));
  expect(retryAfter, `${what}: Retry-After`).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  checks++;
}

beforeAll(async () => {
  ({ storage, site } = await startSiteBehindProxy("accounts"));
}, 240_000);

afterAll(async () => {
  await killAllSitesAndDispose(storage);
  reportCount("security", checks, `password-guessing and username-probing limits checked (${label})`);
});

describe(`sign-in and username-probe limits at the HTTP server (${label})`, () => {
  it("one account: 10 wrong passwords across the form, the API, username and e-mail, each from its own address; the 11th from any way is 429", async () => {
    const target = await newAccount("guessed");
    for (let i = 0; i < 10; i++) {
      const reply = await attempt(site, WAYS[i % 4], target, `guess ${i}`);
      expect(reply.status, `attempt ${i + 1} (${WAYS[i % 4]})`).toBe(401);
      checks++;
    }
    // Even the right password, by any way, from addresses never seen before.
    for (const way of WAYS) expectLimited(await attempt(site, way, target, target.password), `11th attempt by ${way}`);
    // The account's limit is the account's: another account from a fresh address signs in.
    const bystander = await newAccount("bystander");
    expect((await attempt(site, "form-username", bystander, bystander.password)).status).toBe(302);
    checks++;
  });

  it("one address: 10 wrong passwords across 10 accounts and every way in; the 11th (another account, right password) is 429", async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      const someone = { username: `someone.${i}.${randomBytes(2).toString("hex")}`, email: `someone.${i}@example.edu` };
      const reply = await attempt(site, WAYS[i % 4], someone, "a wrong password", address);
      expect(reply.status, `attempt ${i + 1} (${WAYS[i % 4]})`).toBe(401);
      checks++;
    }
    const fresh = await newAccount("fresh");
    for (const way of WAYS)
      expectLimited(
        await attempt(site, way, fresh, fresh.password, address),
        `11th attempt from one address by ${way}`,
      );
    // The account itself was not used up by the refused attempts: from another address it signs in.
    expect((await attempt(site, "api-email", fresh, fresh.password)).status).toBe(200);
    checks++;
  });

  it("signing in successfully does not use up the allowance", async () => {
    const regular = await newAccount("regular");
    for (let i = 0; i < 12; i++) {
      const way = WAYS[i % 4];
      const reply = await attempt(site, way, regular, regular.password);
      expect(reply.status, `sign-in ${i + 1} (${way})`).toBe(way.startsWith("form") ? 302 : 200);
    }
    // Nine wrong passwords, then the right one, then one more wrong one: still within the ten.
    for (let i = 0; i < 9; i++) expect((await attempt(site, WAYS[i % 4], regular, `guess ${i}`)).status).toBe(401);
    expect((await attempt(site, "api-username", regular, regular.password)).status).toBe(200);
    expect((await attempt(site, "form-email", regular, "guess 10")).status).toBe(401);
    expectLimited(await attempt(site, "api-email", regular, regular.password), "the 11th attempt after ten wrong ones");
  });

  it("the profile update tells whether a username is taken only 10 times a minute per client, then 429", async () => {
    const taken = await newAccount("taken");
    const prober = await newAccount("prober");
    const address = newAddress();
    // Half through the dashboard form, half through the JSON API, from one address.
    for (let i = 0; i < 10; i++) {
      const reply =
        i % 2 === 0
          ? await send(site, "POST", "/dashboard", {
              from: address,
              cookie: prober.cookie,
              form: { intent: "update-profile", username: taken.username },
            })
          : await send(site, "PUT", `/api/users/update/${prober.id}`, {
              from: address,
              cookie: prober.cookie,
              json: { username: taken.username },
            });
      expect(reply.status, `probe ${i + 1}: ${reply.text.slice(0, 200)}`).toBe(409);
      checks++;
    }
    expectLimited(
      await send(site, "POST", "/dashboard", {
        from: address,
        cookie: prober.cookie,
        form: { intent: "update-profile", username: taken.username },
      }),
      "11th probe on the form",
    );
    expectLimited(
      await send(site, "PUT", `/api/users/update/${prober.id}`, {
        from: address,
        cookie: prober.cookie,
        json: { username: taken.username },
      }),
      "11th probe in the API",
    );
    // A free name is not told apart either, and is not taken.
    expectLimited(
      await send(site, "PUT", `/api/users/update/${prober.id}`, {
        from: address,
        cookie: prober.cookie,
        json: { username: `free.${randomBytes(3).toString("hex")}` },
      }),
      "a free name past the limit",
    );
    expect((await attempt(site, "api-username", prober, prober.password)).status, "the prober kept its name").toBe(200);

    // Per account too: one session spreading its probes over many addresses.
    const spreader = await newAccount("spreader");
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await send(site, "PUT", `/api/users/update/${spreader.id}`, {
            cookie: spreader.cookie,
            json: { username: taken.username },
          })
        ).status,
      ).toBe(409);
    }
    expectLimited(
      await send(site, "PUT", `/api/users/update/${spreader.id}`, {
        cookie: spreader.cookie,
        json: { username: taken.username },
      }),
      "11th probe from a new address",
    );
  });

  // Only PostgreSQL can be shared by two server processes (an embedded database has one), so the
  // test exists only in that run: declared there, not skipped here.
  if (onPostgres)
    it("two servers on one PostgreSQL database share the count", async () => {
      const secondDir = scratchDirectory("accounts-second");
      const second = await startSite({ DATA_DIR: secondDir, TRUST_PROXY: "true", DATABASE_URL: storage.database!.url });
      try {
        // Per account: five wrong passwords on each server, each from its own address.
        const target = await newAccount("shared");
        for (let i = 0; i < 10; i++) {
          const reply = await attempt(i % 2 === 0 ? site : second, WAYS[i % 4], target, `guess ${i}`);
          expect(reply.status, `attempt ${i + 1}`).toBe(401);
        }
        expectLimited(
          await attempt(second, "form-username", target, target.password),
          "11th attempt on the second server",
        );
        expectLimited(await attempt(site, "api-email", target, target.password), "11th attempt on the first server");
        // Per address: five on each server.
        const address = newAddress();
        for (let i = 0; i < 10; i++) {
          const someone = {
            username: `shared.${i}.${randomBytes(2).toString("hex")}`,
            email: `shared.${i}@example.edu`,
          };
          expect((await attempt(i % 2 === 0 ? site : second, WAYS[i % 4], someone, "wrong", address)).status).toBe(401);
        }
        const fresh = await newAccount("fresh");
        expectLimited(
          await attempt(second, "api-username", fresh, fresh.password, address),
          "11th attempt from one address, second server",
        );
      } finally {
        await second.stop();
        fs.rmSync(secondDir, { recursive: true, force: true });
      }
    });
});
