import { scryptSync } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAIL_LINK_INVALID } from "~/accounts/email.server";
import { accounts, users } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { createServices, type Services } from "~/registry.server";
import { ServiceError } from "~/services/errors.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../tests/support/database";

let database: TestDatabase;
let services: Services;
let clientCounter = 0;

/** A request from one browser: its own address (for rate limits) and its cookies. */
function browser() {
  const ip = `10.9.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;
  let cookie = "";
  return {
    request(path = "/") {
      return new Request(`http://localhost:3000${path}`, { headers: { [CLIENT_IP_HEADER]: ip, cookie } });
    },
    keep(headers: Headers | undefined) {
      for (const setCookie of headers?.getSetCookie() ?? []) {
        const [pair] = setCookie.split(";");
        const [name] = pair.split("=");
        const rest = cookie.split("; ").filter((c) => c && !c.startsWith(`${name}=`));
        cookie = [...rest, ...(pair.endsWith("=") ? [] : [pair])].join("; ");
      }
    },
    get cookie() {
      return cookie;
    },
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  services = testServices(database);
});
afterAll(async () => {
  await database?.dispose();
});

async function signedIn(username: string, email: string, password = "correct horse battery") {
  const b = browser();
  await services.accounts.signUp(b.request(), { username, email, password });
  const result = await services.accounts.signIn(b.request(), { username, password });
  b.keep(result.headers);
  return b;
}

describe(`accounts (${testDatabaseKind})`, () => {
  it("signs up without signing in, then signs in by username or email, case-insensitively", async () => {
    const b = browser();
    const signUp = await services.accounts.signUp(b.request(), {
      username: "Amina.Yusuf",
      email: "Amina@Example.edu",
      password: "peace-and-security",
    });
    b.keep(signUp.headers);
    expect(await services.accounts.currentUser(b.request())).toBeNull();

    const byName = await services.accounts.signIn(b.request(), {
      username: "amina.yusuf",
      password: "peace-and-security",
    });
    b.keep(byName.headers);
    const user = await services.accounts.currentUser(b.request());
    expect(user).toMatchObject({ username: "Amina.Yusuf", email: "amina@example.edu", isAdmin: false });
    expect(b.cookie).toMatch(/session_token/);

    const byEmail = await services.accounts.signIn(browser().request(), {
      username: "AMINA@example.edu",
      password: "peace-and-security",
    });
    expect(byEmail.headers.getSetCookie().join()).toMatch(/session_token/);
  });

  it("stores a password as the library's scrypt hash at its full cost, where the tests' services hash at less", async () => {
    // Services as the site makes them: no password hashing given (tests/support/passwords.ts).
    const site = createServices(database.db, {
      dataDir: database.dataDir,
      auth: { secret: "test-secret-test-secret-test-secret-0123" },
    });
    const password = "a password at full cost";
    const b = browser();
    await site.accounts.signUp(b.request(), { username: "full.cost", email: "full.cost@example.edu", password });
    const [row] = await database.db
      .select({ hash: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.username, "full.cost"));
    const [salt, key] = row.hash!.split(":");
    // better-auth's scrypt: N = 16384, r = 16, p = 1, a 64-byte key, the password in NFKC.
    const fullCost = { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };
    expect(scryptSync(password, salt, 64, fullCost).toString("hex")).toBe(key);
    b.keep((await site.accounts.signIn(b.request(), { username: "full.cost", password })).headers);
    expect(await site.accounts.currentUser(b.request())).toMatchObject({ username: "full.cost" });
    await expect(
      site.accounts.signIn(browser().request(), { username: "full.cost", password: "not the password" }),
    ).rejects.toMatchObject({ status: 401 });
    // The tests' own hashing does not take the site's hash for its own.
    await expect(
      services.accounts.signIn(browser().request(), { username: "full.cost", password }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("refuses a taken username or email in any case, and a wrong password", async () => {
    await signedIn("taken.name", "taken@example.edu");
    const again = services.accounts.signUp(browser().request(), {
      username: "TAKEN.NAME",
      email: "new@example.edu",
      password: "long enough",
    });
    await expect(again).rejects.toMatchObject({ message: "That username is already taken. Please choose another." });
    // A taken email gets the same answer as a new one (no account enumeration), and no account.
    await services.accounts.signUp(browser().request(), {
      username: "another",
      email: "TAKEN@example.edu",
      password: "long enough",
    });
    await expect(
      services.accounts.signIn(browser().request(), { username: "another", password: "long enough" }),
    ).rejects.toBeInstanceOf(ServiceError);
    const wrong = services.accounts.signIn(browser().request(), {
      username: "taken.name",
      password: "not the password",
    });
    await expect(wrong).rejects.toMatchObject({ status: 401, message: "Invalid username or password" });
  });

  it("limits sign-in attempts per client: past the limit, 429 and when to try again", async () => {
    const b = browser();
    let last: unknown;
    for (let i = 0; i < 11; i++)
      last = await services.accounts
        .signIn(b.request(), { username: "nobody", password: "wrong password" })
        .catch((error: unknown) => error);
    expect(last).toMatchObject({ status: 429 });
    expect((last as ServiceError).message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minute)\.$/);
    expect((last as ServiceError).headers?.get("Retry-After")).toMatch(/^\d+$/);
    // Another client is refused too (the name "nobody" has its own limit), as before.
    await expect(
      services.accounts.signIn(browser().request(), { username: "nobody", password: "x" }),
    ).rejects.toBeInstanceOf(ServiceError);
  });

  it("updates the profile: no changes, username, and email or password only with the current password", async () => {
    const b = await signedIn("profile.user", "profile@example.edu");
    const me = (await services.accounts.currentUser(b.request()))!;
    await expect(services.accounts.updateProfile(b.request(), me, { username: "profile.user" })).rejects.toMatchObject({
      message: "No changes made",
    });

    const renamed = await services.accounts.updateProfile(b.request(), me, { username: "Profile.Renamed" });
    expect(renamed).toMatchObject({
      message: "Profile Updated Successfully",
      user: { username: "Profile.Renamed" },
    });

    await expect(services.accounts.updateProfile(b.request(), me, { email: "new@example.edu" })).rejects.toMatchObject({
      message: "Enter your current password to change your email or password.",
    });
    await expect(
      services.accounts.updateProfile(b.request(), me, { email: "new@example.edu", currentPassword: "wrong" }),
    ).rejects.toMatchObject({
      message: "The current password is incorrect.",
    });
    const moved = await services.accounts.updateProfile(b.request(), me, {
      email: "moved@example.edu",
      currentPassword: "correct horse battery",
    });
    // The new address waits for its link; the account keeps the old one until it is clicked.
    expect(moved).toMatchObject({
      user: { email: "profile@example.edu" },
      message: "We have sent a link to moved@example.edu. Your new address takes effect once you click it.",
    });
    expect(await services.accounts.emailStatus(me.id)).toMatchObject({ pendingEmail: "moved@example.edu" });
    const [sent] = await services.mail.recent(1);
    expect(sent).toMatchObject({ to: "moved@example.edu", template: "confirm-email-change" });
    const token = /verify-email\?token=([\w-]+)/.exec((await services.mail.message(sent.id))!.text!)![1];
    expect(await services.accounts.followMailLink(token)).toMatchObject({ ok: true });
    expect(await services.accounts.userById(me.id)).toMatchObject({ email: "moved@example.edu" });
    await expect(services.accounts.followMailLink(token)).rejects.toMatchObject({ message: MAIL_LINK_INVALID });

    const changed = await services.accounts.updateProfile(b.request(), me, {
      password: "a new long password",
      currentPassword: "correct horse battery",
    });
    b.keep(changed.headers);
    expect(await services.accounts.currentUser(b.request())).not.toBeNull();
    const withNewPassword = await services.accounts.signIn(browser().request(), {
      username: "profile.renamed",
      password: "a new long password",
    });
    expect(withNewPassword.headers.getSetCookie().join()).toMatch(/session_token/);
  });

  it("deleting an account ends its sessions and keeps its posts", async () => {
    const b = await signedIn("leaving.user", "leaving@example.edu");
    const other = browser();
    const second = await services.accounts.signIn(other.request(), {
      username: "leaving.user",
      password: "correct horse battery",
    });
    other.keep(second.headers);
    const me = (await services.accounts.currentUser(b.request()))!;
    const post = await services.posts.create({
      title: "A post that stays",
      category: "uncategorized",
      image: "",
      content: "<p>x</p>",
      userId: me.id,
    });

    await services.accounts.deleteOwnAccount(b.request(), me);
    expect(await services.accounts.currentUser(b.request())).toBeNull();
    expect(await services.accounts.currentUser(other.request())).toBeNull();
    expect(await services.posts.bySlug(post.slug)).toMatchObject({ title: "A post that stays", userId: null });
  });

  it("admins: create or promote, list 5 a page, and never lose the last admin", async () => {
    expect(
      await services.accounts.createAdmin(
        { username: "chief", email: "chief@example.edu", password: "chief password" },
        { promoteExisting: false },
      ),
    ).toBe("created");
    const chief = await signedIn("deputy.chief", "deputy@example.edu");
    expect(
      await services.accounts.createAdmin(
        { username: "Deputy.Chief", email: "x@example.edu", password: "whatever long" },
        { promoteExisting: true },
      ),
    ).toBe("promoted");
    await expect(
      services.accounts.createAdmin(
        { username: "chief", email: "c2@example.edu", password: "chief password" },
        { promoteExisting: false },
      ),
    ).rejects.toThrow("That username is already taken");
    expect((await services.accounts.currentUser(chief.request()))!.isAdmin).toBe(true);

    for (const n of [1, 2, 3]) await signedIn(`member.${n}`, `member${n}@example.edu`);
    const page = await services.accounts.listUsers({ startIndex: 0 });
    expect(page.items).toHaveLength(5);
    expect(page.hasMore).toBe(true);

    const admins = (await services.accounts.listUsers({ limit: 50 })).items.filter((u) => u.isAdmin);
    expect(admins).toHaveLength(2);
    await services.accounts.setAdmin(admins[0].id, false);
    await expect(services.accounts.setAdmin(admins[1].id, false)).rejects.toThrow("The last admin cannot be demoted.");
    await expect(services.accounts.deleteUser(admins[1].id)).rejects.toThrow("The last admin cannot be deleted.");
    await services.accounts.setAdmin(admins[0].id, true);
    await services.accounts.deleteUser(admins[1].id);
    expect(await services.accounts.hasAdmin()).toBe(true);
  });

  it("starts Google sign-in with the account chooser forced", async () => {
    const withGoogle = createServices(database.db, {
      dataDir: database.dataDir,
      auth: {
        secret: "test-secret-test-secret-test-secret-0123",
        google: { id: "google", name: "Google", clientId: "test-client", clientSecret: "test-secret" },
      },
    });
    expect(withGoogle.accounts.providers).toEqual([{ id: "google", name: "Google" }]);
    const started = await withGoogle.accounts.startExternal(browser().request(), "google", {
      callbackURL: "/",
      errorCallbackURL: "/signin",
    });
    expect(started.url).toMatch(/^https:\/\/accounts\.google\.com\//);
    const url = new URL(started.url!);
    expect(url.searchParams.get("prompt")).toBe("select_account");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/google");
    // The OAuth state is kept in a cookie for the callback.
    expect(started.headers?.getSetCookie().join(";")).toMatch(/state/);
  });
});
