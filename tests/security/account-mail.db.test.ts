/**
 * What the account mails must not give away (issue 21), through the JSON API and the services
 * that the pages call, on PGlite and on PostgreSQL:
 *
 * - A reset link works once, for an hour; using it ends every session and the old password.
 * - Asking for a reset answers the same, in the same time, for an address or username that has
 *   no account; only an account gets a mail.
 * - A sign-up with a taken address answers as any sign-up does; the owner is mailed, with a
 *   reset link that works.
 * - An account that never proved its address cannot keep it from its owner: a verified Google
 *   sign-in or a sign-up confirmed from the mailbox takes it, and never joins the squatter's account.
 */
import { randomBytes } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAIL_LINK_INVALID } from "~/accounts/email.server";
import { RESET_LINK_INVALID, RESET_REQUESTED } from "~/accounts/password-reset.server";
import { rowsOf } from "~/db/client.server";
import { mailOutbox, users } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";

import { type ApiWorld, openApiWorld } from "../support/api";
import { testDatabaseKind } from "../support/database";

let world: ApiWorld;

beforeAll(async () => {
  world = await openApiWorld();
});
afterAll(async () => {
  await world?.services.mail.idle();
  await world?.close();
});

/** A page request from its own client address. */
const pageRequest = (path = "/forgot-password") =>
  new Request(`http://localhost${path}`, { headers: { [CLIENT_IP_HEADER]: `10.${randomBytes(3).join(".")}` } });

/** The mails queued to `to`, oldest first, with their text (once the work put off after each answer is done). */
async function mailsTo(to: string) {
  await world.services.mail.idle();
  const rows = await world.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(mailOutbox.createdAt);
  return rows.map((row) => ({ template: row.template, subject: row.subject, text: row.textBody ?? "" }));
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
};

async function signUp(username: string, email: string, password: string) {
  return world.call("POST", "/api/auth/signup", { body: { username, email, password } });
}

const fresh = (prefix: string) => {
  const username = `${prefix}.${randomBytes(3).toString("hex")}`;
  return { username, email: `${username}@example.edu`, password: `pw ${randomBytes(6).toString("hex")}` };
};

describe(`account mails (${testDatabaseKind})`, () => {
  it("a reset link works once, signs out every session and retires the old password", async () => {
    const person = fresh("reset");
    expect((await signUp(person.username, person.email, person.password)).status).toBe(201);
    const session = await world.signIn(person.username, person.password);

    const asked = await world.services.accounts.requestPasswordReset(pageRequest(), person.email);
    expect(asked.message).toBe(RESET_REQUESTED);
    const [mail] = (await mailsTo(person.email)).filter((m) => m.template === "reset-password");
    const token = linkIn(mail.text, "/reset-password");
    expect(await world.services.accounts.resetTokenIsValid(token)).toBe(true);

    await world.services.accounts.resetPassword(pageRequest("/reset-password"), token, "a brand new password");
    // The old password no longer signs in; the new one does; the earlier session has ended.
    const old = await world.call("POST", "/api/auth/signin", {
      body: { username: person.username, password: person.password },
    });
    expect(old.status).toBe(401);
    await world.signIn(person.username, "a brand new password");
    const stale = await world.call("PUT", `/api/users/update/${session.id}`, { cookie: session.cookie, body: {} });
    expect(stale.status).toBe(401);
    // Clicking the reset link proved the mailbox: the address is now confirmed.
    expect(await world.services.accounts.emailStatus(session.id)).toMatchObject({ emailVerified: true });

    // Used once: never again.
    expect(await world.services.accounts.resetTokenIsValid(token)).toBe(false);
    await expect(
      world.services.accounts.resetPassword(pageRequest("/reset-password"), token, "another new password"),
    ).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
    await world.signIn(person.username, "a brand new password");
  });

  it("a reset link expires: after its hour it changes nothing", async () => {
    const person = fresh("expiry");
    expect((await signUp(person.username, person.email, person.password)).status).toBe(201);
    await world.services.accounts.requestPasswordReset(pageRequest(), person.username);
    const [mail] = (await mailsTo(person.email)).filter((m) => m.template === "reset-password");
    const token = linkIn(mail.text, "/reset-password");
    // An hour at most, as configured.
    const [row] = rowsOf<{ seconds: number }>(
      await world.database.db.execute(
        sql`select extract(epoch from expires_at - now())::int as seconds from verifications where identifier = ${`reset-password:${token}`}`,
      ),
    );
    expect(Number(row.seconds)).toBeLessThanOrEqual(3600);
    expect(Number(row.seconds)).toBeGreaterThan(3500);

    await world.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${`reset-password:${token}`}`,
    );
    expect(await world.services.accounts.resetTokenIsValid(token)).toBe(false);
    await expect(
      world.services.accounts.resetPassword(pageRequest("/reset-password"), token, "too late a password"),
    ).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
    await world.signIn(person.username, person.password);
  });

  it("a reset request answers the same, as fast, for addresses and usernames with no account, and mails only an account", async () => {
    const person = fresh("known");
    expect((await signUp(person.username, person.email, person.password)).status).toBe(201);
    const before = await world.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);

    const timed = async (identifier: string) => {
      const started = performance.now();
      const answer = await world.services.accounts.requestPasswordReset(pageRequest(), identifier);
      return { answer, ms: performance.now() - started };
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timed(i % 2 ? person.username : person.email);
      const b = await timed(i % 2 ? `nobody.${i}.${randomBytes(3).toString("hex")}` : `nobody.${i}@example.edu`);
      expect(a.answer).toEqual({ message: RESET_REQUESTED });
      expect(b.answer).toEqual(a.answer);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    // The same class of time: no password is hashed on either path, each is a few queries.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);

    await world.services.mail.idle();
    const after = await world.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    // Three mails, all to the account; none for the addresses and names with no account.
    expect(after[0].n - before[0].n).toBe(3);
    expect((await mailsTo(person.email)).filter((m) => m.template === "reset-password")).toHaveLength(3);
    expect(await mailsTo("nobody.0@example.edu")).toEqual([]);

    // One client asking again and again is stopped after five a minute, whatever it asks about.
    const client = pageRequest();
    for (let i = 0; i < 5; i++)
      await world.services.accounts.requestPasswordReset(client.clone(), `flood${i}@example.edu`);
    await expect(world.services.accounts.requestPasswordReset(client.clone(), person.email)).rejects.toMatchObject({
      status: 429,
    });

    // A flood for one account sends a few mails and answers the same.
    for (let i = 0; i < 5; i++) await timed(person.email);
    expect((await mailsTo(person.email)).filter((m) => m.template === "reset-password").length).toBeLessThanOrEqual(6);
  });

  it("a sign-up with a confirmed account's address answers as any sign-up, makes nothing, and tells the owner", async () => {
    const owner = fresh("owner");
    expect((await signUp(owner.username, owner.email, owner.password)).status).toBe(201);
    const [verify] = await mailsTo(owner.email);
    expect(verify.template).toBe("verify-email");
    expect(await world.services.accounts.followMailLink(linkIn(verify.text, "/verify-email"))).toMatchObject({
      ok: true,
    });

    const intruder = fresh("intruder");
    const usersBefore = await world.services.accounts.countUsers();
    const reply = await signUp(intruder.username, owner.email.toUpperCase(), intruder.password);
    const genuine = await signUp(fresh("genuine").username, fresh("genuine").email, intruder.password);
    expect(reply.status).toBe(genuine.status);
    expect(reply.body).toEqual(genuine.body);
    expect(await world.services.accounts.countUsers()).toBe(usersBefore + 1);
    // A taken username is refused in the same words and status, whether or not the address is taken.
    const takenWithTakenAddress = await signUp(owner.username, owner.email, intruder.password);
    const takenWithNewAddress = await signUp(owner.username, fresh("new").email, intruder.password);
    expect(takenWithTakenAddress.status).toBe(409);
    expect([takenWithTakenAddress.status, takenWithTakenAddress.body]).toEqual([
      takenWithNewAddress.status,
      takenWithNewAddress.body,
    ]);
    const attempt = (await mailsTo(owner.email)).find((m) => m.template === "sign-up-attempt")!;
    expect(attempt.text).toContain(`with the username ${owner.username}`);
    // Its reset link works.
    const token = linkIn(attempt.text, "/reset-password");
    await world.services.accounts.resetPassword(pageRequest("/reset-password"), token, "owner's new password");
    await world.signIn(owner.username, "owner's new password");
  });

  it("a sign-up confirmed from the mailbox takes the address from an account that never proved it", async () => {
    const squatter = fresh("squatter");
    const victimEmail = `victim.${randomBytes(3).toString("hex")}@example.edu`;
    expect((await signUp(squatter.username, victimEmail, squatter.password)).status).toBe(201);
    const squatterAccount = await world.signIn(squatter.username, squatter.password);

    const owner = fresh("rightful");
    const reply = await signUp(owner.username, victimEmail, owner.password);
    expect(reply.status).toBe(201);
    // Nothing yet: the account is made only from the mailbox.
    expect(await world.services.accounts.findByUsername(owner.username)).toBeNull();
    const confirm = (await mailsTo(victimEmail)).find((m) => m.template === "confirm-sign-up")!;
    const token = linkIn(confirm.text, "/verify-email");
    expect(await world.services.accounts.followMailLink(token)).toMatchObject({ ok: true, signIn: true });
    await expect(world.services.accounts.followMailLink(token)).rejects.toMatchObject({ message: MAIL_LINK_INVALID });

    const created = await world.signIn(owner.username, owner.password);
    expect(created.id).not.toBe(squatterAccount.id);
    expect(await world.services.accounts.userById(created.id)).toMatchObject({ email: victimEmail });
    expect(await world.services.accounts.emailStatus(created.id)).toMatchObject({ emailVerified: true });
    // The squatter keeps its account, username and password, but not the address.
    const lost = (await world.services.accounts.userById(squatterAccount.id))!;
    expect(lost.email).toMatch(/@address\.invalid$/);
    await world.signIn(squatter.username, squatter.password);
  });

  it("a verified Google sign-in takes the address from an unproved account, and is never joined to it", async () => {
    const squatter = fresh("gsquat");
    const address = `scholar.${randomBytes(3).toString("hex")}@example.edu`;
    expect((await signUp(squatter.username, address, squatter.password)).status).toBe(201);
    const squatterAccount = await world.signIn(squatter.username, squatter.password);

    const token = await world.google.sign({ email: address, sub: `google-${randomBytes(4).toString("hex")}` });
    const reply = await world.call("POST", "/api/auth/google", { body: { idToken: token } });
    expect(reply.status, reply.text).toBe(200);
    const googleUser = (reply.body as { user: { _id: string; email: string } }).user;
    expect(googleUser._id).not.toBe(squatterAccount.id);
    expect(googleUser.email).toBe(address);
    // The squatter's account has no Google identity, and no longer the address.
    const [linked] = rowsOf<{ n: number }>(
      await world.database.db.execute(
        sql`select count(*)::int as n from accounts where user_id = ${squatterAccount.id} and provider_id = 'google'`,
      ),
    );
    expect(Number(linked.n)).toBe(0);
    const [row] = await world.database.db.select().from(users).where(eq(users.id, squatterAccount.id));
    expect(row.email).toMatch(/@address\.invalid$/);
    await world.signIn(squatter.username, squatter.password);

    // An address Google has not verified takes nothing.
    const other = fresh("gkeep");
    expect((await signUp(other.username, other.email, other.password)).status).toBe(201);
    const unverified = await world.google.sign({ email: other.email, email_verified: false, sub: "google-unverified" });
    expect((await world.call("POST", "/api/auth/google", { body: { idToken: unverified } })).status).toBe(401);
    expect(await world.services.accounts.findByUsername(other.username)).toMatchObject({ email: other.email });
    // Nor does a token this site cannot trust, however verified it says the address is.
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await world.google.sign({ email: other.email, sub: "google-forged" }, { key: privateKey });
    expect((await world.call("POST", "/api/auth/google", { body: { idToken: forged } })).status).toBe(401);
    expect(await world.services.accounts.findByUsername(other.username)).toMatchObject({ email: other.email });
  });

  it("a new address through the JSON API waits for its link; an admin's change for someone else is made at once", async () => {
    const person = fresh("mover");
    expect((await signUp(person.username, person.email, person.password)).status).toBe(201);
    const session = await world.signIn(person.username, person.password);
    const moved = `moved.${randomBytes(3).toString("hex")}@example.edu`;
    const reply = await world.call("PUT", `/api/users/update/${session.id}`, {
      cookie: session.cookie,
      body: { email: moved, currentPassword: person.password },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ email: person.email });
    const confirm = (await mailsTo(moved)).find((m) => m.template === "confirm-email-change")!;
    expect(await world.services.accounts.followMailLink(linkIn(confirm.text, "/verify-email"))).toMatchObject({
      ok: true,
    });
    expect(await world.services.accounts.userById(session.id)).toMatchObject({ email: moved });
    // The old address is told, with a way back.
    const notice = (await mailsTo(person.email)).find((m) => m.template === "email-changed")!;
    expect(notice.text).toContain(`is now ${moved}`);
    expect(await world.services.accounts.resetTokenIsValid(linkIn(notice.text, "/reset-password"))).toBe(true);

    const byAdmin = `set.by.admin.${randomBytes(3).toString("hex")}@example.edu`;
    const adminReply = await world.call("PUT", `/api/users/update/${session.id}`, {
      as: "admin",
      body: { email: byAdmin },
    });
    expect(adminReply.status, adminReply.text).toBe(200);
    expect(adminReply.body).toMatchObject({ email: byAdmin });
  });
});
