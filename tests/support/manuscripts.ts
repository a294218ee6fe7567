// What the submission tests share: a manuscript that names its author, as real ones often do, a
// draft begun through the service, and the mails the site queued for an address, read for their links.
import { asc, eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";

import { mailOutbox } from "~/db/schema";
import type { Services } from "~/registry.server";
import type { Actor } from "~/submissions/context.server";
import type { SubmissionDetails } from "~/submissions/forms";

import type { TestDatabase } from "./database";

/**
 * A one-page PDF titled `title` whose text and Author metadata name `author` (and its Creator too,
 * with `creator`).
 */
export async function manuscriptNaming(title: string, author: string, { creator = false } = {}) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText(`${title}, by ${author}`, { x: 50, y: 700, size: 14, font });
  pdf.setAuthor(author);
  if (creator) pdf.setCreator(author);
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}

/** `author`'s new draft through the submissions service, its checklist ticked and `details` saved; its id. */
export async function draftWithDetails(service: Services["submissions"], author: Actor, details: SubmissionDetails) {
  const id = await service.startDraft(author);
  await service.saveDraft(author, id, { step: "start", checklist: (await service.settings()).checklist });
  await service.saveDraft(author, id, { step: "details", details });
  return id;
}

/** The subjects and texts of the mails queued for `address`, oldest first. */
export async function outboxTo(database: TestDatabase, address: string) {
  return database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(asc(mailOutbox.createdAt));
}

/** The reviewer's token in a mail's /review/<token> link, or "". */
export const reviewTokenIn = (text: string | null) => text?.match(/\/review\/([\w-]{43})/)?.[1] ?? "";
