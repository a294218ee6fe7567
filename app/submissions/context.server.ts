import type { Readable } from "node:stream";

import { and, type AnyColumn, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";

import type { Database } from "~/db/client.server";
import { submissionEvents, submissionFiles, submissionSettings, users } from "~/db/schema";
import { mayWorkOn, type Role } from "~/domain/roles";
import { isUuid } from "~/lib/text";
import type { AttemptLimiter } from "~/services/attempt-limits.server";
import { ForbiddenError } from "~/services/errors.server";
import type { ComposedMail, MailService } from "~/services/mail/mail.server";

import { fillTemplate, type MailTemplateKey, mailText, settingsFrom, type SubmissionSettings } from "./settings";
import { NOT_AN_EDITOR } from "./words";

/**
 * What every flow of the workflow works with (issue 34): the database, the mail queue, the private
 * store of manuscripts, the media library and articles (for the draft article of an accepted
 * submission), and where mailed links point. The flows are functions of this context, bound into
 * the `submissions` service by submissions.server.ts, as the accounts' flows are.
 */

/** A manuscript file as the private store keeps it (app/submissions/files/). */
export type StoredManuscript = {
  key: string;
  name: string;
  size: number;
  type: "pdf" | "docx";
  contentType: string;
};

/** The private store of submission files: never served under /uploads/. */
export type ManuscriptStore = {
  save(
    source: Readable | AsyncIterable<Uint8Array>,
    options: { name: string; allow: ("pdf" | "docx")[] },
  ): Promise<StoredManuscript>;
  open(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  /** A copy with no author in its metadata, for reviewers. */
  anonymise(key: string): Promise<{ key: string; size: number }>;
  /** Where the given names appear in the file's text or metadata. */
  namesIn(key: string, names: string[]): Promise<{ name: string; where: "text" | "metadata" }[]>;
  delete(key: string): Promise<void>;
  /** A reviewer's certificate, as PDF bytes; never a paper's title. */
  certificate(words: { journal: string; reviewer: string; year: number }): Promise<Uint8Array>;
};

/** What the draft article of an accepted submission needs from the journal. */
export type JournalDesk = {
  /** The journal's name, as mails and certificates give it. */
  journalName(): Promise<string>;
  /** Stores a PDF in the media library (the draft article's file until the typeset one replaces it). */
  storePdf(bytes: Buffer, fileName: string): Promise<string>;
  /** A one-page PDF that stands for a manuscript sent as DOCX, until the typeset PDF replaces it. */
  placeholderPdf(title: string): Promise<Buffer>;
  /** Makes a draft article; returns its id. */
  createDraftArticle(input: DraftArticle): Promise<string>;
  /** Puts a draft article made for a decision that did not go through in the trash. */
  discardDraftArticle(id: string): Promise<void>;
};

export type DraftArticle = {
  title: string;
  abstract: string;
  pdf: string;
  userId: string | null;
  authors: import("~/domain/vocabulary").ArticleAuthor[];
  keywords: string[];
  section: import("~/domain/vocabulary").ArticleSection;
  language: string;
  funding: string;
  receivedOn: string;
  acceptedOn: string;
};

/** Who is acting: a signed-in account and its roles. */
export type Actor = { id: string; roles: readonly Role[] };

export type SubmissionsContext = {
  db: Database;
  mail: MailService;
  files: ManuscriptStore;
  journal: JournalDesk;
  /** The site's secret: reviewers' links are made from it (reviewing.server.ts). */
  secret: string;
  /** The origin of every mailed link (PUBLIC_URL's). */
  linkOrigin: string;
  /** The clock, which the tests move (reminders, figures). */
  now: () => Date;
  /** Counts reviewers' unknown links per address, and resent links (shared with the accounts' limits). */
  limiter: AttemptLimiter;
};

export const DAY_MS = 86_400_000;

/**
 * The outer row's columns, written out in full for correlated subqueries: drizzle writes a column
 * of a one-table query without its table, and inside `from reviews r` a bare "id" is the review's.
 */
export const OUTER_SUBMISSION = sql.raw(`"submissions"."id"`);
export const OUTER_ROUND = sql.raw(`"submissions"."round"`);
export const OUTER_REVIEWER = sql.raw(`"reviewers"."id"`);

/** The workflow's settings, read through their defaults. */
export async function loadSettings(db: Database): Promise<SubmissionSettings> {
  const [row] = await db.select({ fields: submissionSettings.fields }).from(submissionSettings).limit(1);
  return settingsFrom(row?.fields);
}

/** Only the journal's managers and admins work on submissions. */
export function requireDesk(actor: Actor) {
  if (!mayWorkOn(actor.roles, "submissions")) throw new ForbiddenError(NOT_AN_EDITOR);
}

/** The editor in chief: the account the settings name, and every admin. */
export const isEditorInChief = (settings: SubmissionSettings, actor: Actor) =>
  actor.roles.includes("admin") || (settings.editorInChiefId !== "" && settings.editorInChiefId === actor.id);

export const displayName = sql<string>`coalesce(nullif(${users.displayUsername}, ''), ${users.username}, ${users.name})`;

/** The name of the account a column points at (null once it is deleted), for a list's rows. */
export const nameOf = (column: AnyColumn) =>
  sql<string | null>`(select ${displayName} from ${users} where ${users.id} = ${column})`;

/**
 * One submission's rows of a table that belongs to it (its files, events, notes, decisions), in the
 * `order` of these columns ascending (oldest first), with the columns `fields` names.
 */
export async function rowsOfSubmission<F extends SelectedFields>(
  db: Database,
  table: PgTable & { submissionId: AnyPgColumn },
  id: string,
  order: AnyPgColumn[],
  fields: F,
): Promise<SelectResultFields<F>[]> {
  const rows: unknown = await db
    .select(fields)
    .from(table)
    .where(eq(table.submissionId, id))
    .orderBy(...order.map((column) => asc(column)));
  // drizzle cannot type a query over a table given as a parameter; the rows are the fields' all the same.
  return rows as SelectResultFields<F>[];
}

/** The accounts holding `role` (users.role is a comma-separated list). */
export const holdsRole = (role: Role) => sql`${role} = any(string_to_array(${users.role}, ','))`;

export async function accountOf(db: Database, id: string | null) {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: users.id, name: displayName, email: users.email, verified: users.emailVerified, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** One line of a submission's history. */
export async function recordEvent(
  tx: Database,
  event: {
    submissionId: string;
    kind: string;
    round: number;
    actorId?: string | null;
    detail?: Record<string, string | number | boolean | null>;
    at?: Date;
  },
) {
  await tx.insert(submissionEvents).values({
    submissionId: event.submissionId,
    kind: event.kind,
    round: event.round,
    actorId: event.actorId ?? null,
    detail: event.detail ?? {},
    ...(event.at ? { at: event.at } : {}),
  });
}

/** A workflow mail in the journal's words, composed before the transaction that queues it. */
export async function composeWorkflowMail(
  context: SubmissionsContext,
  settings: SubmissionSettings,
  key: MailTemplateKey,
  to: string,
  values: Record<string, string>,
  own?: { subject: string; body: string },
): Promise<ComposedMail> {
  const text = own ?? mailText(settings, key);
  return context.mail.compose("workflow", to, {
    subject: fillTemplate(text.subject, key, values).replace(/[\r\n]+/g, " "),
    body: fillTemplate(text.body, key, values),
  });
}

/** Addresses the mails point to. */
export const links = (context: SubmissionsContext) => ({
  author: (id: string) => `${context.linkOrigin}/my-submissions/${id}`,
  desk: (id: string) => `${context.linkOrigin}/desk/submissions/${id}`,
  review: (token: string) => `${context.linkOrigin}/review/${token}`,
});

/** A date as the mails and pages write it: "4 December 2026". */
export const longDate = (day: string | Date) =>
  new Date(typeof day === "string" ? `${day}T12:00:00Z` : day).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** The ISO day `days` after `from`. */
export const dayAfter = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** A file of the submission by its id, where `only` (if any) allows it; none for an id that is no uuid. */
export async function fileOfSubmission(context: SubmissionsContext, submissionId: string, fileId: string, only?: SQL) {
  if (!isUuid(fileId)) return undefined;
  const [file] = await context.db
    .select()
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, submissionId), only));
  return file;
}
