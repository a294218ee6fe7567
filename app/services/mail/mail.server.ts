import fs from "node:fs/promises";
import path from "node:path";

import { and, desc, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";

import { type Database, rowsOf } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { type Effects, effectTable } from "~/services/content-changes.server";
import { afterAnswer } from "~/services/request-record.server";

import { type MailSite, type MailTemplates, renderMail, type TemplateName } from "./templates.server";

export type { MailSite, MailTemplates, TemplateName };

/** Tries before a mail is given up: the waits between them add up to about six hours. */
export const MAX_ATTEMPTS = 10;
/** How long a server holds a mail it took, so no other server sends it meanwhile. */
const CLAIM_MINUTES = 15;
/** How often each server looks for mails that are due (a new mail is sent at once as well). */
export const MAIL_TICK_MS = 30_000;
/** Sent and given-up mails are kept this long for the outbox page, then deleted. */
const KEEP_DAYS = 30;

/** The wait before try number `attempts + 1`: 1, 2, 4... minutes, at most two hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 120) * 60_000;
}

/** Something that sends one message: nodemailer's SMTP or stream transport (or a test's). */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId?: string;
  }): Promise<{ message?: unknown; messageId?: string }>;
};

export type MailOptions = {
  dataDir: string;
  /** smtp:// or smtps:// URL; without it mails go to DATA_DIR/outbox (the development outbox). */
  smtpUrl?: string;
  /** The From header; default: the site's name at no-reply@ the public host. */
  from?: string;
  publicUrl?: string;
  /** The site's name, from its settings, read when a mail is written. */
  site: () => Promise<MailSite>;
  /** Send new mails at once in the background (default); tests may turn it off and call deliverDue. */
  deliverPromptly?: boolean;
  /** Replaces the transport (tests). */
  transport?: MailTransport;
};

/** A mail ready to be queued: rendered before any transaction opens (rendering reads the settings). */
export type ComposedMail = { template: TemplateName; to: string; subject: string; text: string; html: string };

export type OutboxRow = {
  id: string;
  template: string;
  to: string;
  subject: string;
  createdAt: Date;
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
  lastError: string | null;
  deliveredTo: string | null;
  status: "queued" | "sent" | "failed";
};

export function outboxDirectory(dataDir: string) {
  return path.join(dataDir, "outbox");
}

function statusOf(row: { sentAt: Date | null; failedAt: Date | null }): OutboxRow["status"] {
  return row.sentAt ? "sent" : row.failedAt ? "failed" : "queued";
}

/** A line of an error, without anything that looks like a password in a URL. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\/\/[^/@\s]*@/g, "//***@").slice(0, 500);
}

/**
 * The mail queue: every mail is a row of `mail_outbox`, written in the same step as the action
 * that asks for it, and delivered by whichever server claims it first (`for update skip locked`
 * plus a claim that expires), with retries and backoff. A failed send never reaches the visitor.
 */
export function mailService(db: Database, options: MailOptions) {
  const dev = !options.smtpUrl;
  const transport: MailTransport =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
  const host = options.publicUrl ? new URL(options.publicUrl).hostname : "localhost";

  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  /** Work put off until an answer had gone (`later`), not finished yet. */
  const pending = new Set<Promise<void>>();

  async function fromHeader(): Promise<string> {
    if (options.from) return options.from;
    const { name } = await options.site();
    return `"${name.replace(/["\\\r\n]/g, "")}" <no-reply@${host}>`;
  }

  async function compose<K extends TemplateName>(
    template: K,
    to: string,
    data: MailTemplates[K],
  ): Promise<ComposedMail> {
    const site = await options.site();
    return { template, to, ...renderMail(template, site, data) };
  }

  /** Queues a composed mail in `tx` (the caller's transaction), or on its own. */
  async function queue(mail: ComposedMail, tx: Database = db): Promise<string> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        template: mail.template,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      })
      .returning({ id: mailOutbox.id });
    return row.id;
  }

  /** Claims due mails for this server: none that another server holds. */
  async function claim(limit: number) {
    return rowsOf<{
      id: string;
      template: string;
      to_address: string;
      subject: string;
      text_body: string | null;
      html_body: string | null;
      attempts: number;
    }>(
      await db.execute(sql`
        update ${mailOutbox} set locked_until = now() + make_interval(mins => ${CLAIM_MINUTES}), attempts = attempts + 1
        where id in (
          select id from ${mailOutbox}
          where sent_at is null and failed_at is null and next_attempt_at <= now()
            and (locked_until is null or locked_until < now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id, template, to_address, subject, text_body, html_body, attempts`),
    );
  }

  async function deliverOne(
    row: Awaited<ReturnType<typeof claim>>[number],
    from: string,
  ): Promise<"sent" | "retry" | "failed"> {
    try {
      const info = await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body ?? "",
        html: row.html_body ?? "",
      });
      let deliveredTo = "smtp";
      if (dev) {
        const directory = outboxDirectory(options.dataDir);
        await fs.mkdir(directory, { recursive: true, mode: 0o700 });
        const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${row.id}.eml`;
        await fs.writeFile(path.join(directory, name), info.message as Buffer, { mode: 0o600 });
        deliveredTo = name;
      }
      await db
        .update(mailOutbox)
        .set({
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          deliveredTo,
          // Sent mails hold single-use links: their bodies are not kept. The development outbox
          // keeps them, as its files do, so that the operator can read what would have been sent.
          ...(dev ? {} : { textBody: null, htmlBody: null }),
        })
        .where(eq(mailOutbox.id, row.id));
      return "sent";
    } catch (error) {
      const last = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          lockedUntil: null,
          lastError: describe(error),
          ...(last
            ? { failedAt: sql`now()`, textBody: null, htmlBody: null }
            : { nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)) }),
        })
        .where(eq(mailOutbox.id, row.id));
      console.error(
        `Mail to ${row.to_address} (${row.template}) ${last ? "given up after" : "failed, try"} ${row.attempts}: ${describe(error)}`,
      );
      return last ? "failed" : "retry";
    }
  }

  /** Sends every due mail this server can claim; returns how many went, failed for now, or for good. */
  async function deliverDue({ batch = 20 } = {}) {
    const counts = { sent: 0, retry: 0, failed: 0 };
    for (;;) {
      const rows = await claim(batch);
      if (rows.length === 0) return counts;
      const from = await fromHeader();
      for (const row of rows) counts[await deliverOne(row, from)]++;
      if (rows.length < batch) return counts;
    }
  }

  /** Runs a delivery pass in the background, once at a time; a pass asked for meanwhile runs after. */
  function deliverSoon() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          if (!stopped) console.error(`Mail delivery stopped for now (tried again shortly): ${describe(error)}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  /** Deletes what is older than KEEP_DAYS and settled (sent or given up). */
  async function purgeOld() {
    await db
      .delete(mailOutbox)
      .where(
        and(
          sql`${mailOutbox.createdAt} < now() - make_interval(days => ${KEEP_DAYS})`,
          sql`(${mailOutbox.sentAt} is not null or ${mailOutbox.failedAt} is not null)`,
        ),
      );
  }

  return {
    /** Development outbox (no SMTP_URL): mails are written to DATA_DIR/outbox and kept for the outbox page. */
    development: dev,
    compose,
    queue,
    deliverDue,
    deliverSoon,

    /**
     * Queues one mail and sends it soon: the interface for the rest of the site. A mail that must
     * go only if an action is saved is composed first, then queued in the action's transaction
     * (`compose`, then `queue(mail, tx)`, then `deliverSoon()` once committed).
     */
    async send<K extends TemplateName>(template: K, to: string, data: MailTemplates[K]): Promise<string> {
      const id = await queue(await compose(template, to, data));
      if (options.deliverPromptly !== false) deliverSoon();
      return id;
    },

    /** Called after a transaction that queued mails has committed. */
    queued() {
      if (options.deliverPromptly !== false) deliverSoon();
    },

    /**
     * Runs `work` (which may queue mails) once the answer to the request under way has gone, so
     * that its cost cannot be timed in the answer: an ask for a password reset looks the account
     * up and mails it only then (issue 31). A failure is logged; nobody is waiting for it.
     */
    later(work: () => Promise<unknown>) {
      const task = new Promise<void>((resolve) =>
        afterAnswer(() => {
          work()
            .catch((error: unknown) => {
              if (!stopped) console.error(`Mail work after an answer failed: ${describe(error)}`);
            })
            .finally(resolve);
        }),
      );
      pending.add(task);
      void task.then(() => pending.delete(task));
    },

    /** Waits for the work put off by `later` and for the background pass (tests, shutdown). */
    async idle() {
      while (running || pending.size) {
        await Promise.all([...pending]);
        if (running) await running;
      }
    },

    /** The most recent mails, newest first, without their bodies (the outbox page). */
    async recent(limit = 50): Promise<OutboxRow[]> {
      const rows = await db
        .select({
          id: mailOutbox.id,
          template: mailOutbox.template,
          to: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          createdAt: mailOutbox.createdAt,
          attempts: mailOutbox.attempts,
          nextAttemptAt: mailOutbox.nextAttemptAt,
          sentAt: mailOutbox.sentAt,
          failedAt: mailOutbox.failedAt,
          lastError: mailOutbox.lastError,
          deliveredTo: mailOutbox.deliveredTo,
        })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, status: statusOf(row) }));
    },

    /** One mail with its text (null once sent through SMTP: its body is not kept). */
    async message(id: string): Promise<(OutboxRow & { text: string | null }) | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!row) return null;
      return {
        id: row.id,
        template: row.template,
        to: row.toAddress,
        subject: row.subject,
        createdAt: row.createdAt,
        attempts: row.attempts,
        nextAttemptAt: row.nextAttemptAt,
        sentAt: row.sentAt,
        failedAt: row.failedAt,
        lastError: row.lastError,
        deliveredTo: row.deliveredTo,
        status: statusOf(row),
        text: row.textBody,
      };
    },

    purgeOld,

    /** Delivers due mails now and every `everyMs` (every server runs it; each mail goes once). */
    schedule(everyMs = MAIL_TICK_MS) {
      let ticks = 0;
      const pass = () => {
        deliverSoon();
        // About once an hour, the old rows go.
        if (ticks++ % Math.max(1, Math.round(3_600_000 / everyMs)) === 0)
          void purgeOld().catch((error: unknown) => {
            if (!stopped) console.error(`Old mails could not be removed: ${describe(error)}`);
          });
      };
      pass();
      const timer = setInterval(pass, everyMs);
      timer.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}

export type MailService = ReturnType<typeof mailService>;

/** How each method touches the site's content: none of them changes a public page. */
export const mailEffects = effectTable({
  read: ["compose", "recent", "message", "idle", "queued", "deliverSoon"],
  write: ["queue", "send", "later", "deliverDue", "purgeOld", "schedule"],
}) satisfies Effects<MailService>;
