import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { invitations, mailOutbox, users } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { Services } from "~/registry.server";
import { ServiceError } from "~/services/errors.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../tests/support/database";
import { INVITATION_GONE, INVITED_ADDRESS_HAS_ACCOUNT } from "./invitations.server";
import { SIGN_UP_CLOSED } from "./sign-up.server";

let database: TestDatabase;
let services: Services;
let admin: Awaited<ReturnType<Services["accounts"]["userById"]>> & object;
let requests = 0;

const request = () =>
  new Request("http://localhost:3000/invitation", { headers: { [CLIENT_IP_HEADER]: `10.33.0.${++requests}` } });

/** The link of the newest mail to `address`, as its recipient reads it. */
async function linkMailedTo(address: string): Promise<string> {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  expect(mail?.template).toBe("invitation");
  const link = mail.textBody?.match(/https?:\/\/\S+\/invitation\/[\w-]+/)?.[0];
  expect(link, mail.textBody ?? "").toBeTruthy();
  return link!;
}
const tokenOf = (link: string) => link.split("/invitation/")[1];

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).message;
}

beforeAll(async () => {
  database = await openTestDatabase();
  services = testServices(database);
  await services.accounts.createAdmin(
    { username: "inviting.admin", email: "inviting.admin@example.edu", password: "an admin password" },
    { promoteExisting: false },
  );
  admin = (await services.accounts.findByUsername("inviting.admin"))!;
});
afterAll(async () => {
  await database?.dispose();
});

describe(`invitations (${testDatabaseKind})`, () => {
  it("mails a link that makes a confirmed, signed-in account with the invited roles, once", async () => {
    const sent = await services.accounts.invite(admin, { email: "New.Editor@Example.edu", roles: ["editor"] });
    expect(sent.message).toBe("An invitation has been sent to new.editor@example.edu.");
    const link = await linkMailedTo("new.editor@example.edu");
    // Only the token's hash is stored.
    const [row] = await database.db.select().from(invitations).where(eq(invitations.email, "new.editor@example.edu"));
    expect(row.tokenHash).not.toContain(tokenOf(link));

    const open = await services.accounts.openInvitation(tokenOf(link));
    expect(open).toMatchObject({ email: "new.editor@example.edu", roles: ["editor"], invitedByName: "inviting.admin" });
    const accepted = await services.accounts.acceptWithNewAccount(request(), tokenOf(link), {
      username: "new.editor",
      password: "a good password",
    });
    expect(accepted.headers.getSetCookie().join(";")).toMatch(/session_token=/);
    const made = await services.accounts.findByUsername("new.editor");
    expect(made).toMatchObject({ email: "new.editor@example.edu", roles: ["editor"], isAdmin: false });
    const [stored] = await database.db.select().from(users).where(eq(users.id, made!.id));
    expect(stored.emailVerified).toBe(true);

    // The link works once.
    expect(await services.accounts.openInvitation(tokenOf(link))).toBeNull();
    expect(
      await refusal(
        services.accounts.acceptWithNewAccount(request(), tokenOf(link), { username: "again", password: "a password" }),
      ),
    ).toBe(INVITATION_GONE);
    expect((await services.accounts.listInvitations()).find((i) => i.email === "new.editor@example.edu")?.status).toBe(
      "accepted",
    );
  });

  it("withdrawn, resent and expired links stop working; resending gives a new one", async () => {
    await services.accounts.invite(admin, { email: "manager@example.edu", roles: ["journal-manager"] });
    const first = tokenOf(await linkMailedTo("manager@example.edu"));
    const [{ id }] = await database.db.select().from(invitations).where(eq(invitations.email, "manager@example.edu"));

    expect((await services.accounts.resendInvitation(admin, id)).message).toBe(
      "A new invitation link has been sent to manager@example.edu.",
    );
    const second = tokenOf(await linkMailedTo("manager@example.edu"));
    expect(second).not.toBe(first);
    expect(await services.accounts.openInvitation(first)).toBeNull();
    expect(await services.accounts.openInvitation(second)).not.toBeNull();

    await services.accounts.revokeInvitation(id);
    expect(await services.accounts.openInvitation(second)).toBeNull();
    expect(await refusal(services.accounts.revokeInvitation(id))).toBe("That invitation is no longer open.");

    await services.accounts.invite(admin, { email: "late@example.edu", roles: ["editor"] });
    const late = tokenOf(await linkMailedTo("late@example.edu"));
    await database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(invitations.email, "late@example.edu"));
    expect(await services.accounts.openInvitation(late)).toBeNull();
    expect((await services.accounts.listInvitations()).find((i) => i.email === "late@example.edu")?.status).toBe(
      "expired",
    );
    expect(await services.accounts.openInvitation("not-a-token-at-all-but-long-enough")).toBeNull();
  });

  it("an existing account accepts with its own sign-in, keeping its roles and adding the new ones", async () => {
    await services.accounts.signUp(request(), {
      username: "has.account",
      email: "has.account@example.edu",
      password: "a reader password",
    });
    const reader = (await services.accounts.findByUsername("has.account"))!;
    await services.accounts.setRoles(reader.id, ["editor"]);
    await services.accounts.invite(admin, { email: "has.account@example.edu", roles: ["journal-manager"] });
    const token = tokenOf(await linkMailedTo("has.account@example.edu"));
    // Choosing a new username for an address that has an account is refused with the way forward.
    expect(
      await refusal(
        services.accounts.acceptWithNewAccount(request(), token, { username: "second.one", password: "a password" }),
      ),
    ).toBe(INVITED_ADDRESS_HAS_ACCOUNT);
    const changed = await services.accounts.acceptInvitation(token, (await services.accounts.userById(reader.id))!);
    expect(changed.roles).toEqual(["editor", "journal-manager"]);
  });

  it("closing open sign-up refuses /signup but not invitations", async () => {
    expect(await services.accounts.signUpIsOpen()).toBe(true);
    await services.accounts.setSignUpOpen(false);
    expect(
      await refusal(
        services.accounts.signUp(request(), {
          username: "walk.in",
          email: "walk.in@example.edu",
          password: "a password",
        }),
      ),
    ).toBe(SIGN_UP_CLOSED);
    expect(await services.accounts.findByUsername("walk.in")).toBeNull();
    await services.accounts.invite(admin, { email: "invited.in@example.edu", roles: ["editor"] });
    const token = tokenOf(await linkMailedTo("invited.in@example.edu"));
    await services.accounts.acceptWithNewAccount(request(), token, { username: "invited.in", password: "a password" });
    expect((await services.accounts.findByUsername("invited.in"))?.roles).toEqual(["editor"]);
    await services.accounts.setSignUpOpen(true);
  });
});
