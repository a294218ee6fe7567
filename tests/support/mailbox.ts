// What the end-to-end tests' SMTP server received (tests/support/smtp-sink.mjs), read as a person
// reads their mailbox: the newest mail to an address, its subject, its text and its links.
import fs from "node:fs";
import path from "node:path";

import { type ParsedMail, simpleParser } from "mailparser";

/** Where the sink keeps what it received (playwright.config.ts gives it the same folder). */
export const MAIL_SINK_DIR = ".tmp/e2e-mail";

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string; at: number };

const parsed = new Map<string, ReceivedMail>();

async function read(file: string): Promise<ReceivedMail> {
  const known = parsed.get(file);
  if (known) return known;
  const mail: ParsedMail = await simpleParser(fs.readFileSync(path.join(MAIL_SINK_DIR, file)));
  const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? "").toLowerCase()),
  );
  const received = {
    to,
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
    at: Number(file.split("-")[0]),
  };
  parsed.set(file, received);
  return received;
}

/** Every mail received so far for `address`, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  if (!fs.existsSync(MAIL_SINK_DIR)) return [];
  const files = fs
    .readdirSync(MAIL_SINK_DIR)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  const mails = await Promise.all(files.map(read));
  return mails.filter((m) => m.to.includes(address.toLowerCase()));
}

/** Waits for a mail to `address` whose subject matches, as a person waits for it to arrive. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).filter((m) => subject.test(m.subject)).at(-1);
    if (found) return found;
    if (Date.now() > until) {
      const seen = (await mailsTo(address)).map((m) => m.subject);
      throw new Error(`no mail to ${address} matching ${subject} (got: ${JSON.stringify(seen)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The mail's link to `pathname` (the one its button and its text both carry). */
export function linkIn(mail: ReceivedMail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/[/?]/g, "\\$&")}\\?token=[\\w-]+`).exec(mail.text);
  if (!link) throw new Error(`no ${pathname} link in the mail "${mail.subject}":\n${mail.text}`);
  return link[0];
}
