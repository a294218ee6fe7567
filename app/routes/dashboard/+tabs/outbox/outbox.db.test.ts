import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { mailOutbox } from "~/db/schema";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { sendResetLink } from "../users/users.server";
import { load, PRIVATE_LINK } from "./outbox.server";

const world = setUpDashboardWorld();

const args = (query = "") => ({
  request: new Request(`http://localhost/dashboard?tab=outbox${query}`),
  url: new URL(`http://localhost/dashboard?tab=outbox${query}`),
  user: world.admin,
});

it("lists the mails sent, newest first, and shows one's text; with no SMTP_URL, that is the development outbox", async () => {
  const colleague = await world.account("user");
  expect(await world.asAdmin(sendResetLink, { userId: colleague.id })).toMatchObject(
    accepted("send-reset-link", `A link to choose a new password has been sent to ${colleague.username}.`),
  );
  await world.services.mail.idle();
  const listed = await load(args());
  expect(listed.development).toBe(true);
  const mail = listed.items.find((m) => m.to === colleague.email)!;
  expect(mail).toMatchObject({ template: "reset-password", status: "sent", attempts: 1, lastError: null });
  expect(mail.subject).toMatch(/^Reset your password for /);
  expect(listed.message).toBeNull();

  const shown = await load(args(`&mail=${mail.id}`));
  expect(shown.message?.text).toContain(`${world.admin.username}, an administrator of`);
  // Whoever reads the Outbox cannot use the recipient's link (issue 33): it is hidden.
  expect(shown.message?.text).toContain(`Choose a new password: ${PRIVATE_LINK}`);
  expect(shown.message?.text).not.toMatch(/token=/);
  // The mail itself carries the link on the site's own address (no PUBLIC_URL here: the default
  // one), never the request's Host.
  const [stored] = await world.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
  expect(stored.textBody).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);
  // An address that names no mail shows none.
  expect((await load(args("&mail=not-a-mail"))).message).toBeNull();
});

it("an admin's reset link for an account that is gone says so", async () => {
  expect(await world.asAdmin(sendResetLink, { userId: "no-such-user" })).toMatchObject({
    status: 404,
    body: { ok: false, message: "That user no longer exists." },
  });
});
