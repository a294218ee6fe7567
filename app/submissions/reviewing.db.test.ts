import { Readable } from "node:stream";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mailOutbox, reviews, submissionFiles, submissions, users } from "~/db/schema";
import { ConflictError, ForbiddenError, NotFoundError, TooManyAttemptsError } from "~/services/errors.server";
import { mailService } from "~/services/mail/mail.server";

import { openTestDatabase, type TestDatabase } from "../../tests/support/database";
import type { ManuscriptStore } from "./context.server";
import type { ReviewerLink } from "./reviewing.server";
import { submissionsService } from "./submissions.server";

/**
 * The reviewer's link (issue 34): it opens its own review only, stops when cancelled, and a new
 * invitation's link replaces the old; an answer is given once; files only after accepting and only
 * the anonymised copies; a sent review leaves only the thanks and the certificate; reminders go once
 * each however many servers ask; nothing the reviewer reads names an author; unknown links are
 * counted per address.
 */

const AUTHOR = { given: "Amina", family: "Diallo", email: "amina.diallo@university.example" };
const ADMIN = { id: "reviewing-test-admin", roles: ["admin"] as const };
const SECRET = "reviewing-test-secret-0123456789-abcdef";

let database: TestDatabase;
let now = new Date("2026-03-02T09:00:00Z");
const stored = new Map<string, Uint8Array>();
const deleted: string[] = [];

/** A store in memory: what the reviewer downloads is whatever the key holds. */
const files: ManuscriptStore = {
  async save(source, options) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of source as AsyncIterable<Uint8Array>) chunks.push(chunk);
    const key = `saved-${stored.size}-${options.name}`;
    stored.set(key, Buffer.concat(chunks));
    return { key, name: options.name, size: stored.get(key)!.length, type: "pdf", contentType: "application/pdf" };
  },
  async open(key) {
    const bytes = stored.get(key);
    return bytes ? { body: Readable.from([bytes]), size: bytes.length, contentType: "application/pdf" } : null;
  },
  async anonymise(key) {
    const copy = `${key}.anonymised`;
    stored.set(copy, stored.get(key)!);
    return { key: copy, size: stored.get(copy)!.length };
  },
  async namesIn() {
    return [];
  },
  async delete(key) {
    deleted.push(key);
    stored.delete(key);
  },
  async certificate(words) {
    return new TextEncoder().encode(`%PDF certificate ${words.journal} ${words.reviewer} ${words.year}`);
  },
};

let service: ReturnType<typeof submissionsService>;

beforeAll(async () => {
  database = await openTestDatabase();
  const mail = mailService(database.db, {
    dataDir: database.dataDir,
    site: async () => ({ name: "Test Centre" }),
    deliverPromptly: false,
  });
  service = submissionsService(database.db, {
    files,
    mail,
    secret: SECRET,
    linkOrigin: "https://site.example",
    now: () => now,
    journal: {
      journalName: async () => "Journal of Test Studies",
      storePdf: async () => "/uploads/x.pdf",
      placeholderPdf: async () => Buffer.from("%PDF"),
      createDraftArticle: async () => "00000000-0000-0000-0000-000000000000",
      discardDraftArticle: async () => {},
    },
  });
  await database.db.insert(users).values([
    { id: ADMIN.id, name: "Editor", email: "editor@site.example", emailVerified: true, role: "admin" },
    { id: "reviewing-test-reader", name: "Rita", email: "rita.reviewer@elsewhere.example", emailVerified: true },
  ]);
});

afterAll(async () => {
  await database?.dispose();
});

let numbers = 100;

/** A submission under review, with a manuscript (its anonymised copy) and a title page that has none. */
async function underReview(title = "Borders and Peace") {
  const [row] = await database.db
    .insert(submissions)
    .values({
      number: numbers++,
      stage: "review",
      title,
      abstract: "An abstract of the study.",
      keywords: ["borders", "peace"],
      authors: [{ ...AUTHOR, orcid: "", affiliation: "University of Examples", corresponding: true }] as never,
      submittedAt: now,
    })
    .returning();
  const [manuscript, titlePage] = await database.db
    .insert(submissionFiles)
    .values([
      {
        submissionId: row.id,
        kind: "manuscript",
        name: "Diallo-manuscript.pdf",
        storageKey: `original-${row.id}`,
        anonymisedKey: `anonymised-${row.id}`,
        contentType: "application/pdf",
        size: 9,
      },
      {
        submissionId: row.id,
        kind: "title-page",
        name: "title-page.pdf",
        storageKey: `title-${row.id}`,
        contentType: "application/pdf",
        size: 9,
      },
    ])
    .returning();
  stored.set(`original-${row.id}`, new TextEncoder().encode("Amina Diallo's original"));
  stored.set(`anonymised-${row.id}`, new TextEncoder().encode("anonymised copy"));
  stored.set(`title-${row.id}`, new TextEncoder().encode("Amina Diallo"));
  return { submission: row, manuscript, titlePage };
}

/** Invites a reviewer and returns the link from the invitation mail. */
async function invite(submissionId: string, name: string, email: string): Promise<ReviewerLink & { reviewId: string }> {
  const draft = await service.invitationDraft(ADMIN, submissionId);
  await service.invite(ADMIN, submissionId, {
    invitee: { name, email, affiliation: "Elsewhere" },
    dueOn: draft.dueOn,
    subject: draft.subject,
    body: draft.body,
  });
  const token = await lastLink(email);
  const [review] = await database.db.select().from(reviews).where(eq(reviews.submissionId, submissionId));
  return { token, address: null, reviewId: review.id };
}

async function mailsTo(email: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt);
}

async function lastLink(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const text = mails.at(-1)?.textBody ?? "";
  const match = /https:\/\/site\.example\/review\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no link in the last mail to ${email}: ${text}`);
  return match[1];
}

const rejects = async (work: Promise<unknown>, kind: new (...args: never[]) => Error) => {
  await expect(work).rejects.toBeInstanceOf(kind);
};

describe("a reviewer's link", () => {
  it("opens its own review only, never names an author, and an unknown link is a 404", async () => {
    const first = await underReview("Water and Conflict");
    const second = await underReview("Ceasefires Compared");
    const one = await invite(first.submission.id, "Rosa Reviewer", "rosa@elsewhere.example");
    const other = await invite(second.submission.id, "Rosa Reviewer", "rosa@elsewhere.example");
    expect(one.token).not.toBe(other.token);
    const view = await service.reviewerView(one);
    expect(view.title).toBe("Water and Conflict");
    expect((await service.reviewerView(other)).title).toBe("Ceasefires Compared");
    const seen = JSON.stringify(view) + JSON.stringify(await mailsTo("rosa@elsewhere.example"));
    for (const word of [AUTHOR.given, AUTHOR.family, AUTHOR.email]) expect(seen).not.toContain(word);
    await rejects(service.reviewerView({ token: "x".repeat(43), address: null }), NotFoundError);
    await rejects(service.reviewerView({ token: "not a token", address: null }), NotFoundError);
  });

  it("answers once: accepting twice, or declining after accepting, is a conflict", async () => {
    const { submission } = await underReview();
    const link = await invite(submission.id, "Omar Once", "omar@elsewhere.example");
    await service.respond(link, { accept: true, reason: "", colleague: "" });
    await rejects(service.respond(link, { accept: true, reason: "", colleague: "" }), ConflictError);
    await rejects(service.respond(link, { accept: false, reason: "busy", colleague: "" }), ConflictError);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, link.reviewId));
    expect(row.status).toBe("accepted");
  });

  it("keeps a decline's reason and colleague", async () => {
    const { submission } = await underReview();
    const link = await invite(submission.id, "Dana Decline", "dana@elsewhere.example");
    await service.respond(link, { accept: false, reason: "On leave", colleague: "Lee, lee@elsewhere.example" });
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, link.reviewId));
    expect(row).toMatchObject({
      status: "declined",
      declineReason: "On leave",
      suggestedColleague: "Lee, lee@elsewhere.example",
    });
    expect((await service.reviewerView(link)).status).toBe("declined");
  });

  it("gives files only after accepting, and only the anonymised copies", async () => {
    const { submission, manuscript, titlePage } = await underReview();
    const link = await invite(submission.id, "Fatima Files", "fatima@elsewhere.example");
    expect((await service.reviewerView(link)).files).toEqual([]);
    await rejects(service.reviewerFile(link, manuscript.id), ForbiddenError);
    await service.respond(link, { accept: true, reason: "", colleague: "" });
    const view = await service.reviewerView(link);
    expect(view.files.map((file) => file.id)).toEqual([manuscript.id]);
    expect(view.files[0].name).toBe("manuscript-round-1.pdf");
    const file = await service.reviewerFile(link, manuscript.id);
    const bytes = Buffer.concat(await file.body.toArray());
    expect(bytes.toString()).toBe("anonymised copy");
    expect(file.name).not.toContain("Diallo");
    // The title page names the authors and has no anonymised copy: never given.
    await rejects(service.reviewerFile(link, titlePage.id), NotFoundError);
    // Another submission's file is not under this link.
    const elsewhere = await underReview();
    await rejects(service.reviewerFile(link, elsewhere.manuscript.id), NotFoundError);
  });

  it("after the review is sent, shows only the thanks and the certificate", async () => {
    const { submission, manuscript } = await underReview();
    const link = await invite(submission.id, "Sami Sender", "sami@elsewhere.example");
    await rejects(service.certificate(link), ForbiddenError);
    await service.respond(link, { accept: true, reason: "", colleague: "" });
    await service.submitReview(link, {
      recommendation: "minor",
      forAuthor: "Clear and useful.",
      forEditor: "Confidential.",
      nameShown: true,
      annotated: { name: "notes.pdf", source: Readable.from([Buffer.from("%PDF notes")]) },
    });
    const view = await service.reviewerView(link);
    expect(view.status).toBe("submitted");
    expect(view.files).toEqual([]);
    await rejects(service.reviewerFile(link, manuscript.id), ForbiddenError);
    await rejects(
      service.submitReview(link, { recommendation: "accept", forAuthor: "Again", forEditor: "", nameShown: false }),
      ForbiddenError,
    );
    const certificate = new TextDecoder().decode(await service.certificate(link));
    expect(certificate).toContain("Sami Sender");
    expect(certificate).not.toContain("Borders and Peace");
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, link.reviewId));
    // Not an open review: the name is not shown whatever the box said.
    expect(row).toMatchObject({ status: "submitted", recommendation: "minor", nameShown: false });
    const thanks = (await mailsTo("sami@elsewhere.example")).at(-1)!;
    expect(thanks.subject).toContain("thank you");
    expect(thanks.textBody).toContain(link.token);
  });

  it("stops when cancelled (404); a new invitation's link works and the old one does not", async () => {
    const { submission } = await underReview();
    const link = await invite(submission.id, "Carla Cancel", "carla@elsewhere.example");
    await service.cancelReview(ADMIN, link.reviewId);
    await rejects(service.reviewerView(link), NotFoundError);
    await rejects(service.respond(link, { accept: true, reason: "", colleague: "" }), NotFoundError);
    await service.reinvite(ADMIN, link.reviewId);
    const fresh = await lastLink("carla@elsewhere.example");
    expect(fresh).not.toBe(link.token);
    expect((await service.reviewerView({ token: fresh, address: null })).status).toBe("invited");
    await rejects(service.reviewerView(link), NotFoundError);
  });

  it("refuses an address that tried too many unknown links, even with a live one, and counts live links not at all", async () => {
    const { submission } = await underReview();
    const link = await invite(submission.id, "Lina Limit", "lina@elsewhere.example");
    const address = "203.0.113.77";
    // Live links from the address are given back: any number of them.
    for (let i = 0; i < 25; i++) await service.reviewerView({ token: link.token, address });
    for (let i = 0; i < 20; i++)
      await rejects(service.reviewerView({ token: `${"z".repeat(42)}${i % 10}`, address }), NotFoundError);
    const refused = service.reviewerView({ token: link.token, address });
    await rejects(refused, TooManyAttemptsError);
    const error = await service.reviewerView({ token: link.token, address }).catch((e: TooManyAttemptsError) => e);
    expect((error as TooManyAttemptsError).retryAfter).toBeGreaterThan(60);
    // Another address is not affected.
    expect((await service.reviewerView({ token: link.token, address: "203.0.113.78" })).status).toBe("invited");
  });
});

describe("reminders", () => {
  it("go once each, before and after the due date, even when two servers ask at once", async () => {
    const { submission } = await underReview("Reminded Paper");
    const link = await invite(submission.id, "Remi Remind", "remi@elsewhere.example");
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, link.reviewId));
    const count = async () => (await mailsTo("remi@elsewhere.example")).length;
    const invited = await count();
    // Two days before the due date.
    now = new Date(new Date(`${row.dueOn}T09:00:00Z`).getTime() - 2 * 86_400_000);
    await Promise.all([service.sendReminders(), service.sendReminders()]);
    expect(await count()).toBe(invited + 1);
    await service.sendReminders();
    expect(await count()).toBe(invited + 1);
    // Four days after.
    now = new Date(new Date(`${row.dueOn}T09:00:00Z`).getTime() + 4 * 86_400_000);
    await Promise.all([service.sendReminders(), service.sendReminders(), service.sendReminders()]);
    expect(await count()).toBe(invited + 2);
    const mails = await mailsTo("remi@elsewhere.example");
    expect(mails.at(-1)!.textBody).toContain(link.token);
    for (const mail of mails) expect(`${mail.subject} ${mail.textBody}`).not.toMatch(/Diallo|Amina/);
    now = new Date("2026-03-02T09:00:00Z");
  });
});

describe("my reviews", () => {
  it("lists the reviews sent to the account's confirmed address and mails its link again, to that address only", async () => {
    const { submission } = await underReview("Rita's Paper");
    const link = await invite(submission.id, "Rita Reviewer", "Rita.Reviewer@elsewhere.example");
    const rita = { id: "reviewing-test-reader", roles: [] as const };
    const mine = await service.myReviews(rita);
    expect(mine.map((review) => review.title)).toEqual(["Rita's Paper"]);
    expect(await service.hasReviews(rita)).toBe(true);
    expect(await service.hasReviews(ADMIN)).toBe(false);
    const before = (await mailsTo("Rita.Reviewer@elsewhere.example")).length;
    await service.resendLink(rita, link.reviewId);
    const mails = await mailsTo("Rita.Reviewer@elsewhere.example");
    expect(mails.length).toBe(before + 1);
    expect(await lastLink("Rita.Reviewer@elsewhere.example")).toBe(link.token);
    // Someone else's review, or a made-up id: no such review, and no mail.
    await rejects(service.resendLink(ADMIN, link.reviewId), NotFoundError);
    await rejects(service.resendLink(rita, "not-an-id"), NotFoundError);
    // Three a window, then wait.
    await service.resendLink(rita, link.reviewId);
    await service.resendLink(rita, link.reviewId);
    await rejects(service.resendLink(rita, link.reviewId), TooManyAttemptsError);
  });
});
