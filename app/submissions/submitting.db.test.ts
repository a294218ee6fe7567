import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mailOutbox, submissions as submissionsTable, users } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import type { Role } from "~/domain/roles";
import { ForbiddenError, InvalidError, NotFoundError } from "~/services/errors.server";

import { openTestDatabase, type TestDatabase, testServices } from "../../tests/support/database";
import { draftWithDetails } from "../../tests/support/manuscripts";
import type { Actor } from "./context.server";
import type { SubmissionDetails } from "./forms";
import { MAX_OPEN_DRAFTS } from "./submitting.server";
import {
  CHECKLIST_INCOMPLETE,
  CONFIRM_EMAIL_FIRST,
  MANUSCRIPT_MISSING,
  REVISION_FILE_MISSING,
  SUBMISSION_NOT_FOUND,
  TITLE_MISSING,
} from "./words";

/**
 * The author's side of the workflow (issue 34) on both databases: a draft kept between visits,
 * only its author's (anyone else is told it does not exist), submitting refused while a part is
 * missing (at that part's field), numbers given in order, the confirmation to the author and word
 * to the desk queued with the submission, and a revision round.
 */

let database: TestDatabase;
let services: ReturnType<typeof testServices>;
const submissions = () => services.submissions;

const suffix = randomUUID().slice(0, 8);
/** How the suffix reads in a first author's name made from the username. */
const capitalSuffix = suffix[0].toUpperCase() + suffix.slice(1);
async function account(name: string, options: { verified?: boolean; roles?: Role[] } = {}): Promise<Actor> {
  const id = `${name}-${suffix}`;
  await database.db.insert(users).values({
    id,
    name: `${name}.${suffix}`,
    username: `${name}.${suffix}`,
    displayUsername: `${name}.${suffix}`,
    email: `${name}.${suffix}@example.edu`,
    emailVerified: options.verified ?? true,
    role: (options.roles ?? []).join(",") || "user",
  });
  return { id, roles: options.roles ?? [] };
}

const pdf = (author: string) =>
  Readable.from([
    renderPdf([{ text: "A study of borders", style: "title" }, { text: "Findings." }], { title: "Borders", author }),
  ]);

let author: Actor;
let other: Actor;
let editor: Actor;

beforeAll(async () => {
  database = await openTestDatabase();
  services = testServices(database);
  author = await account("jane.doe");
  other = await account("other.reader");
  editor = await account("desk.editor", { roles: ["admin"] });
});

afterAll(async () => {
  await services?.changes.close();
  await database?.dispose();
});

/**
 * The author's new draft with every part there: the checklist ticked, `details` (no keywords, in
 * English, no funding) and a manuscript named `file` that names no one; its id.
 */
async function readyDraft(details: Pick<SubmissionDetails, "title" | "abstract" | "section">, file: string) {
  const id = await draftWithDetails(submissions(), author, { ...details, keywords: [], language: "en", funding: "" });
  await submissions().addFile(author, id, { kind: "manuscript", name: file, source: pdf("") });
  return id;
}

/** What `promise` refused with: its class, status, field and words. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, "refused").toBeInstanceOf(Error);
  const { name, status, field, message } = error as InvalidError;
  return { name, status, field, message };
}

const mailsTo = (address: string) =>
  database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));

describe("submitting (issue 34)", () => {
  it("starts a draft only for a confirmed address, with the account as its first, corresponding author", async () => {
    const unconfirmed = await account("not.yet", { verified: false });
    expect(await refusal(submissions().startDraft(unconfirmed))).toMatchObject({
      name: ForbiddenError.name,
      status: 403,
      message: CONFIRM_EMAIL_FIRST,
    });
    const id = await submissions().startDraft(author);
    const draft = await submissions().draft(author, id);
    expect(draft.stage).toBe("draft");
    expect(draft.number).toBeNull();
    expect(draft.authors).toEqual([
      {
        given: "Jane",
        family: `Doe ${capitalSuffix}`,
        affiliation: "",
        orcid: "",
        email: `jane.doe.${suffix}@example.edu`,
        corresponding: true,
      },
    ]);
  });

  it("keeps a draft between visits, and a username with trailing marks makes a first author too", async () => {
    const odd = await account("x_");
    const oddDraft = await submissions().draft(odd, await submissions().startDraft(odd));
    expect(oddDraft.authors[0].given).toBe("X");

    const id = await submissions().startDraft(author);
    await submissions().saveDraft(author, id, {
      step: "details",
      details: {
        title: "Borders and mobility",
        abstract: "How borders shape movement.",
        keywords: ["borders", "mobility"],
        section: "research",
        language: "en",
        funding: "",
      },
    });
    await submissions().saveDraft(author, id, { step: "letter", coverLetter: "Dear editors," });
    const again = await submissions().draft(author, id);
    expect(again).toMatchObject({
      title: "Borders and mobility",
      keywords: ["borders", "mobility"],
      coverLetter: "Dear editors,",
    });
    const listed = await submissions().mySubmissions(author);
    expect(listed.find((row) => row.id === id)).toMatchObject({ stage: "draft", stageLabel: "Draft" });
  });

  it("is its author's alone: another reader is told it does not exist, as for one that does not", async () => {
    const id = await submissions().startDraft(author);
    const nothing = await refusal(submissions().draft(other, randomUUID()));
    expect(nothing).toMatchObject({ name: NotFoundError.name, status: 404, message: SUBMISSION_NOT_FOUND });
    // Each tried in turn (a refusal made before its turn would be nobody's to catch).
    const attempts = [
      () => submissions().draft(other, id),
      () => submissions().saveDraft(other, id, { step: "letter", coverLetter: "mine now" }),
      () => submissions().addFile(other, id, { kind: "manuscript", name: "x.pdf", source: pdf("Other") }),
      () => submissions().submit(other, id),
      () => submissions().mySubmission(other, id),
      () => submissions().deleteDraft(other, id),
      () => submissions().submitRevision(other, id, "a response"),
    ];
    for (const attempt of attempts) expect(await refusal(attempt())).toEqual(nothing);
    expect((await submissions().draft(author, id)).coverLetter).toBe("");
    expect((await submissions().mySubmissions(other)).some((row) => row.id === id)).toBe(false);
  });

  it("refuses to submit while a part is missing, naming the part; then numbers it and mails the author and the desk", async () => {
    const settings = await submissions().settings();
    const id = await submissions().startDraft(author);
    expect(await refusal(submissions().submit(author, id))).toMatchObject({
      status: 400,
      field: "start",
      message: CHECKLIST_INCOMPLETE,
    });
    await submissions().saveDraft(author, id, { step: "start", checklist: settings.checklist });
    expect(await refusal(submissions().submit(author, id))).toMatchObject({ field: "title", message: TITLE_MISSING });
    await submissions().saveDraft(author, id, {
      step: "details",
      details: {
        title: "Maritime security",
        abstract: "Piracy and its governance.",
        keywords: [],
        section: "research",
        language: "en",
        funding: "",
      },
    });
    expect(await refusal(submissions().submit(author, id))).toMatchObject({
      field: "files",
      message: MANUSCRIPT_MISSING,
    });

    // The manuscript names its author in its metadata: the author is warned; a second one replaces it.
    const first = await submissions().addFile(author, id, {
      kind: "manuscript",
      name: "paper.pdf",
      source: pdf(`Jane Doe ${capitalSuffix}`),
    });
    expect(first.namesFound.some((found) => found.where === "metadata")).toBe(true);
    const second = await submissions().addFile(author, id, {
      kind: "manuscript",
      name: "paper-v2.pdf",
      source: pdf(""),
    });
    expect((await submissions().draft(author, id)).files.map((file) => file.id)).toEqual([second.id]);

    const { number } = await submissions().submit(author, id);
    const next = await readyDraft({ title: "Second", abstract: "Two.", section: "policy" }, "two.pdf");
    expect((await submissions().submit(author, next)).number).toBe(number + 1);

    const mine = await submissions().mySubmission(author, id);
    expect(mine).toMatchObject({ number, stage: "submitted", stageLabel: "Submitted", mayRevise: false });
    expect(mine.history.map((event) => event.words)).toEqual(["Submitted"]);
    // A submitted manuscript no longer changes through the wizard.
    expect((await refusal(submissions().draft(author, id))).status).toBe(403);

    const toAuthor = await mailsTo(`jane.doe.${suffix}@example.edu`);
    expect(toAuthor.map((mail) => mail.subject)).toContain(
      `${(await services.journal.profile()).title}: submission #${number} received`,
    );
    expect(toAuthor.find((mail) => mail.subject.includes(`#${number} `))?.text).toContain(`/my-submissions/${id}`);
    const toDesk = await mailsTo(`desk.editor.${suffix}@example.edu`);
    expect(toDesk.map((mail) => mail.subject)).toContain(`New submission #${number}: Maritime security`);
  });

  it("a revision round: the revised manuscript first, then the response; the editor hears of it", async () => {
    const id = await readyDraft({ title: "Revised", abstract: "R.", section: "research" }, "r1.pdf");
    const { number } = await submissions().submit(author, id);
    expect(await refusal(submissions().submitRevision(author, id, "Too early"))).toMatchObject({ status: 403 });

    await submissions().decide(editor, id, { decision: "send-to-review", letter: "" });
    await submissions().decide(editor, id, { decision: "major", letter: "Please revise the method." });
    const asked = await submissions().mySubmission(author, id);
    expect(asked).toMatchObject({ stage: "revisions", stageLabel: "Revisions requested", mayRevise: true });
    expect(asked.letters.map((letter) => letter.letter)).toContain("Please revise the method.");

    expect(await refusal(submissions().submitRevision(author, id, "Done."))).toMatchObject({
      field: "manuscript",
      message: REVISION_FILE_MISSING,
    });
    const revised = await submissions().addFile(author, id, { kind: "manuscript", name: "r2.pdf", source: pdf("") });
    expect(revised.round).toBe(2);
    await submissions().submitRevision(author, id, "We rewrote the method section.");
    const back = await submissions().mySubmission(author, id);
    expect(back).toMatchObject({ stage: "submitted", round: 2, stageLabel: "With the editor", mayRevise: false });
    expect(back.history.map((event) => event.words)).toEqual([
      "Submitted",
      "Sent to reviewers",
      "Major revisions requested",
      "Revision submitted",
    ]);
    expect(back.files.map((file) => [file.name, file.round])).toEqual([
      ["r1.pdf", 1],
      ["r2.pdf", 2],
    ]);
    const toDesk = await mailsTo(`desk.editor.${suffix}@example.edu`);
    expect(toDesk.map((mail) => mail.subject)).toContain(`A revision of #${number} is back`);
  });

  it("keeps a reader's open drafts to a few, and a deleted draft is gone with its files", async () => {
    const busy = await account("many.drafts");
    const ids = [];
    for (let i = 0; i < MAX_OPEN_DRAFTS; i++) ids.push(await submissions().startDraft(busy));
    expect((await refusal(submissions().startDraft(busy))).status).toBe(409);
    await submissions().addFile(busy, ids[0], { kind: "manuscript", name: "gone.pdf", source: pdf("") });
    await submissions().deleteDraft(busy, ids[0]);
    expect(
      await database.db
        .select()
        .from(submissionsTable)
        .where(and(eq(submissionsTable.id, ids[0]), eq(submissionsTable.authorId, busy.id))),
    ).toEqual([]);
    expect(await submissions().startDraft(busy)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
