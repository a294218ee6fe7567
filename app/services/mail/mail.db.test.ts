import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { mailOutbox } from "~/db/schema";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../../tests/support/database";
import { mailService, type MailTransport, MAX_ATTEMPTS, outboxDirectory, retryDelayMs } from "./mail.server";

let database: TestDatabase;
const site = async () => ({ name: "Centre for Peace Studies" });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

/** Makes every queued mail due now (as if its wait were over). */
const makeDue = () => database.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });

/** A transport that records what it sends, or fails while `failing` says so. */
function recordingTransport(failing = () => false) {
  const sent: { to: string; subject: string; text: string; html: string; from: string }[] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failing()) throw new Error("connect ECONNREFUSED smtp://user:secret@mail.example.edu");
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { sent, transport };
}

/** The mail service with an SMTP server set, sending through `transport`; delivery only when asked. */
const viaTransport = (transport: MailTransport) =>
  mailService(database.db, {
    dataDir: database.dataDir,
    smtpUrl: "smtp://mail.example.edu",
    site,
    transport,
    deliverPromptly: false,
  });

describe(`mail queue (${testDatabaseKind})`, () => {
  it("writes each mail to the development outbox as an .eml file, and keeps its text for the outbox page", async () => {
    const mail = mailService(database.db, { dataDir: database.dataDir, site, deliverPromptly: false });
    expect(mail.development).toBe(true);
    const id = await mail.send("reset-password", "amina@example.edu", {
      username: "Amina",
      link: "https://cpscr.example.edu/reset-password?token=abc",
    });
    expect(await mail.deliverDue()).toEqual({ sent: 1, retry: 0, failed: 0 });
    const row = (await mail.message(id))!;
    expect(row).toMatchObject({ status: "sent", to: "amina@example.edu", attempts: 1 });
    expect(row.subject).toBe("Reset your password for Centre for Peace Studies");
    expect(row.text).toContain("https://cpscr.example.edu/reset-password?token=abc");
    const file = path.join(outboxDirectory(database.dataDir), row.deliveredTo!);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toBe("Reset your password for Centre for Peace Studies");
    expect(parsed.from?.text).toBe('"Centre for Peace Studies" <no-reply@localhost>');
    expect(parsed.text).toContain("Choose a new password: https://cpscr.example.edu/reset-password?token=abc");
    expect(parsed.html).toContain('href="https://cpscr.example.edu/reset-password?token=abc"');
  });

  it("retries a failed send with a growing wait, never throws to the caller, and gives up after the last try", async () => {
    let down = true;
    const { sent, transport } = recordingTransport(() => down);
    const mail = viaTransport(transport);
    const id = await mail.send("verify-email", "new@example.edu", { username: "new", link: "https://x/verify" });
    expect(await mail.deliverDue()).toEqual({ sent: 0, retry: 1, failed: 0 });
    let row = (await mail.message(id))!;
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    // The credentials in an SMTP address never reach the page.
    expect(row.lastError).toBe("connect ECONNREFUSED smtp://***@mail.example.edu");
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5_000);
    // Not due yet: nothing is tried.
    expect(await mail.deliverDue()).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    down = false;
    await makeDue();
    expect(await mail.deliverDue()).toEqual({ sent: 1, retry: 0, failed: 0 });
    row = (await mail.message(id))!;
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null, deliveredTo: "smtp" });
    // Sent through SMTP, its single-use link is not kept.
    expect(row.text).toBeNull();
    expect(sent).toHaveLength(1);

    down = true;
    const doomed = await mail.send("verify-email", "gone@example.edu", { username: "gone", link: "https://x/v" });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await makeDue();
      await mail.deliverDue();
    }
    expect(await mail.message(doomed)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, text: null });
    await makeDue();
    expect(await mail.deliverDue()).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it("sends each mail once when several servers deliver from the same database at the same time", async () => {
    const servers = [recordingTransport(), recordingTransport(), recordingTransport()];
    const mails = servers.map(({ transport }) => viaTransport(transport));
    for (let i = 0; i < 30; i++) {
      await mails[0].send("verify-email", `person${i}@example.edu`, { username: `p${i}`, link: "https://x/v" });
    }
    const counts = await Promise.all(mails.map((mail) => mail.deliverDue({ batch: 4 })));
    expect(counts.reduce((n, c) => n + c.sent, 0)).toBe(30);
    const to = servers.flatMap(({ sent }) => sent.map((m) => m.to)).sort();
    expect(to).toEqual([...new Set(to)]);
    expect(to).toHaveLength(30);
  });

  it("leaves a mail another server holds until its claim runs out", async () => {
    const { sent, transport } = recordingTransport();
    const mail = viaTransport(transport);
    const id = await mail.send("verify-email", "held@example.edu", { username: "held", link: "https://x/v" });
    await database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(mailOutbox.id, id));
    expect(await mail.deliverDue()).toEqual({ sent: 0, retry: 0, failed: 0 });
    // The server that took it stopped without sending: once its claim expires, another sends it.
    await database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await mail.deliverDue()).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(["held@example.edu"]);
  });

  it("queues a mail in the caller's transaction: a rolled-back action sends nothing", async () => {
    const mail = mailService(database.db, { dataDir: database.dataDir, site, deliverPromptly: false });
    const composed = await mail.compose("verify-email", "rolled@example.edu", { username: "r", link: "https://x/v" });
    await database.db
      .transaction(async (tx) => {
        await mail.queue(composed, tx as unknown as typeof database.db);
        throw new Error("the action failed");
      })
      .catch(() => undefined);
    expect(await mail.recent()).toEqual([]);
  });

  it("delivers through a real SMTP server: the text and HTML bodies, the site's name as sender", async () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mail = mailService(database.db, {
        dataDir: database.dataDir,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        publicUrl: "https://cpscr.example.edu",
        site,
      });
      await mail.send("sign-up-attempt", "owner@example.edu", {
        username: "owner",
        resetLink: "https://cpscr.example.edu/reset-password?token=t",
      });
      await mail.idle();
      expect(received).toHaveLength(1);
      const parsed = await simpleParser(received[0]);
      expect(parsed.from?.text).toBe('"Centre for Peace Studies" <no-reply@cpscr.example.edu>');
      expect(parsed.subject).toBe("Someone tried to sign up to Centre for Peace Studies with your address");
      expect(parsed.text).toContain("https://cpscr.example.edu/reset-password?token=t");
      expect(parsed.html).toContain("Centre for Peace Studies");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
