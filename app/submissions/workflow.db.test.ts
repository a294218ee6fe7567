import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { articles, submissions, users } from "~/db/schema";
import type { Role } from "~/domain/roles";
import { ServiceError } from "~/services/errors.server";

import { testDatabaseKind } from "../../tests/support/database";
import { draftWithDetails, manuscriptNaming, outboxTo, reviewTokenIn } from "../../tests/support/manuscripts";
import { setUpTestServices } from "../../tests/support/test-services";

/**
 * The whole road through the service (issue 34): an author submits a PDF that names them; the
 * editor sends it to review and invites two reviewers; one declines, one reviews; the review is sent
 * back once; revisions are asked for, sent, and accepted; the draft article exists. Each person's
 * mails are read as they would be: the reviewer's name no author, the author's no reviewer.
 */

const world = setUpTestServices();

async function account(username: string, roles: Role[] = [], verified = true) {
  const id = randomUUID();
  await world.database.db.insert(users).values({
    id,
    name: username,
    username,
    email: `${username}@${roles.length ? "centre.example.edu" : "uni.example.org"}`,
    emailVerified: verified,
    role: roles.join(",") || "user",
  });
  return { id, roles, email: `${username}@${roles.length ? "centre.example.edu" : "uni.example.org"}` };
}

/** A PDF whose text and metadata name its author. */
const manuscript = async (author: string) =>
  Buffer.from(await manuscriptNaming("Ceasefires that hold", author, { creator: true }));
const mailsTo = (address: string) => outboxTo(world.database, address);

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function bytes(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe(`submissions and peer review (${testDatabaseKind})`, () => {
  it("runs from a submitted manuscript to a draft article, with each person told only what they may know", async () => {
    const { submissions: service } = world.services;
    const author = await account(`amina.diallo.${Date.now()}`);
    const chief = await account(`chief.${Date.now()}`, ["admin"]);
    const other = await account(`someone.else.${Date.now()}`);

    // The author's draft, kept between visits; their own name found in the PDF.
    const id = await draftWithDetails(service, author, {
      title: "Ceasefires that hold",
      abstract: "Why some ceasefires last.",
      keywords: ["ceasefire", "mediation"],
      section: "research",
      language: "en",
      funding: "The Peace Fund",
    });
    await service.saveDraft(author, id, {
      step: "authors",
      authors: [
        {
          given: "Amina",
          family: "Diallo",
          affiliation: "University of Dakar",
          orcid: "",
          email: author.email,
          corresponding: true,
        },
      ],
    });
    expect((await service.missingFromDraft((await service.draft(author, id)) as never)).files).toBeTruthy();
    const file = await service.addFile(author, id, {
      kind: "manuscript",
      name: "diallo-ceasefires.pdf",
      source: Readable.from([await manuscript("Amina Diallo")]),
    });
    expect(new Set(file.namesFound.map((found) => found.where))).toEqual(new Set(["metadata", "text"]));
    expect((await refusal(service.draft(other, id))).status).toBe(404);
    const { number } = await service.submit(author, id);
    expect(number).toBeGreaterThan(0);
    expect((await mailsTo(author.email))[0].subject).toContain(`#${number}`);
    expect((await service.mySubmission(author, id)).stageLabel).toBe("Submitted");

    // The desk: assigned, sent to review, two reviewers invited.
    await service.assignEditor(chief, id, chief.id);
    expect((await service.queue(chief, { filter: "new" })).rows.map((row) => row.id)).toContain(id);
    await refusal(
      service.invite(chief, id, {
        invitee: { name: "Too Early", email: "early@example.net", affiliation: "" },
        dueOn: "2099-01-01",
        subject: "s",
        body: "b",
      }),
    );
    const toReview = await service.letterDraft(chief, id, "send-to-review");
    await service.decide(chief, id, { decision: "send-to-review", letter: toReview.letter });
    const draft = await service.invitationDraft(chief, id);
    for (const [name, email] of [
      ["Boris Petrov", `boris.${number}@review.example.net`],
      ["Carmen Ruiz", `carmen.${number}@review.example.net`],
    ])
      await service.invite(chief, id, {
        invitee: { name, email, affiliation: "Elsewhere" },
        dueOn: draft.dueOn,
        subject: draft.subject,
        body: draft.body,
      });
    const boris = (await mailsTo(`boris.${number}@review.example.net`))[0];
    const carmen = (await mailsTo(`carmen.${number}@review.example.net`))[0];
    // A reviewer's link as a request brings it (no client address here: nothing is counted).
    const borisToken = { token: reviewTokenIn(boris.text), address: null };
    const carmenToken = { token: reviewTokenIn(carmen.text), address: null };
    expect(borisToken.token && carmenToken.token).toBeTruthy();

    // Boris declines; Carmen accepts, downloads the anonymised manuscript and reviews.
    await service.respond(borisToken, { accept: false, reason: "Too busy this month", colleague: "Dana Weiss" });
    await refusal(service.respond(borisToken, { accept: true, reason: "", colleague: "" }));
    const invitation = await service.reviewerView(carmenToken);
    expect(invitation.files).toEqual([]);
    await service.respond(carmenToken, { accept: true, reason: "", colleague: "" });
    const view = await service.reviewerView(carmenToken);
    expect(view.files).toHaveLength(1);
    const download = await service.reviewerFile(carmenToken, view.files[0].id);
    const copy = (await bytes(download.body)).toString("latin1");
    expect(copy).not.toMatch(/\/Author|\/Creator \(Amina/);
    expect(download.name).not.toMatch(/diallo/i);
    await service.submitReview(carmenToken, {
      recommendation: "major",
      forAuthor: "The case studies need a comparison.",
      forEditor: "Borderline; I know this literature well.",
      nameShown: false,
    });

    // Sent back once, then submitted again.
    const [review] = (await service.submission(chief, id)).reviews.filter((r) => r.status === "submitted");
    await service.returnReview(chief, review.id, "Could you say which cases?");
    expect((await service.reviewerView(carmenToken)).status).toBe("accepted");
    await service.submitReview(carmenToken, {
      recommendation: "major",
      forAuthor: "Compare the 2016 and 2021 ceasefires.",
      forEditor: "Borderline; I know this literature well.",
      nameShown: false,
    });

    // The pool knows what each did: Carmen accepted and reviewed, Boris declined.
    const pool = await service.pool(chief, id, `${number}@review.example.net`);
    expect(pool.find((r) => r.name === "Carmen Ruiz")).toMatchObject({ open: 0, completed: 1, acceptRate: 1 });
    expect(pool.find((r) => r.name === "Boris Petrov")).toMatchObject({ open: 0, answered: 1, acceptRate: 0 });

    // Major revisions: the letter quotes the comments for the author, never the confidential ones.
    const letter = await service.letterDraft(chief, id, "major");
    expect(letter.letter).toContain("Compare the 2016 and 2021 ceasefires.");
    expect(letter.letter).not.toContain("Borderline");
    expect(letter.letter).not.toContain("Carmen");
    await service.decide(chief, id, { decision: "major", letter: letter.letter });
    const mine = await service.mySubmission(author, id);
    expect(mine.stageLabel).toBe("Revisions requested");
    expect(mine.reviews).toEqual([
      expect.objectContaining({ reviewer: "Reviewer 1", comments: "Compare the 2016 and 2021 ceasefires." }),
    ]);

    // The revision: a new round, back with the editor; accepted; the draft article exists.
    await refusal(service.submitRevision(author, id, "We compared them."));
    await service.addFile(author, id, {
      kind: "manuscript",
      name: "revised.pdf",
      source: Readable.from([await manuscript("A. Diallo")]),
    });
    await service.submitRevision(author, id, "We compared the 2016 and 2021 ceasefires in a new section.");
    expect((await service.queue(chief, { filter: "revisions-back" })).rows.map((row) => row.id)).toContain(id);
    const { articleId } = await service.decide(chief, id, {
      decision: "accept",
      letter: (await service.letterDraft(chief, id, "accept")).letter,
    });
    const [article] = await world.database.db.select().from(articles).where(eq(articles.id, articleId!));
    expect(article).toMatchObject({
      title: "Ceasefires that hold",
      status: "draft",
      funding: "The Peace Fund",
      keywords: ["ceasefire", "mediation"],
    });
    expect(article.authors[0]).toMatchObject({ family: "Diallo" });
    expect(article.receivedOn).toBeTruthy();
    expect(article.acceptedOn).toBeTruthy();
    const [row] = await world.database.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, id)));
    expect(row.stage).toBe("accepted");

    // What each person was sent: reviewers never an author's name or address, the author never a reviewer's.
    for (const reviewer of [`boris.${number}@review.example.net`, `carmen.${number}@review.example.net`])
      for (const mail of await mailsTo(reviewer)) {
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Diallo|Amina|uni\.example\.org/);
      }
    const authorMails = await mailsTo(author.email);
    expect(authorMails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining("received"),
      expect.stringContaining("under review"),
      expect.stringContaining("major revisions"),
      expect.stringContaining("accepted"),
    ]);
    for (const mail of authorMails)
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Boris|Carmen|Petrov|Ruiz|review\.example\.net/);

    // The figures count it; the certificate is there for the reviewer who reviewed.
    const figures = await service.journalFigures();
    expect(figures.received).toBeGreaterThanOrEqual(1);
    expect(figures.acceptanceRate).not.toBeNull();
    expect(
      Buffer.from(await service.certificate(carmenToken))
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await refusal(service.certificate(borisToken))).status).toBe(403);
  });

  it("two editors accepting at once make one decision and one draft article", async () => {
    const { submissions: service } = world.services;
    const author = await account(`racing.author.${Date.now()}`);
    const chief = await account(`racing.chief.${Date.now()}`, ["admin"]);
    const title = `Two editors at once ${Date.now()}`;
    const id = await service.startDraft(author);
    await service.saveDraft(author, id, { step: "start", checklist: (await service.settings()).checklist });
    await service.saveDraft(author, id, {
      step: "details",
      details: { title, abstract: "A.", keywords: [], section: "research", language: "en", funding: "" },
    });
    await service.addFile(author, id, {
      kind: "manuscript",
      name: "m.pdf",
      source: Readable.from([await manuscript("X Y")]),
    });
    await service.submit(author, id);
    await service.decide(chief, id, { decision: "send-to-review", letter: "Sent." });
    const outcomes = await Promise.allSettled([
      service.decide(chief, id, { decision: "accept", letter: "Yes." }),
      service.decide(chief, id, { decision: "accept", letter: "Yes." }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as ServiceError).status).toBe(409);
    const drafts = await world.database.db.select().from(articles).where(eq(articles.title, title));
    expect(drafts.filter((article) => article.deletedAt === null)).toHaveLength(1);
  });

  it("refuses an unconfirmed author, another reader's submission, and a desk action by a reader", async () => {
    const { submissions: service } = world.services;
    const unconfirmed = await account(`unconfirmed.${Date.now()}`, [], false);
    expect((await refusal(service.startDraft(unconfirmed))).status).toBe(403);
    const reader = await account(`reader.${Date.now()}`);
    expect((await refusal(service.queue(reader, {}))).status).toBe(403);
    const editor = await account(`news.editor.${Date.now()}`, ["editor"]);
    expect((await refusal(service.queue(editor, {}))).status).toBe(403);
    expect((await refusal(service.reviewerView({ token: "A".repeat(43), address: null }))).status).toBe(404);
  });
});
