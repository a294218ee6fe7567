import { Readable } from "node:stream";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users } from "~/db/schema";
import { UNKNOWN_LINKS } from "~/submissions/reviewing.server";

import { type ApiWorld, openApiWorld, type Role } from "../../tests/support/api";
import { testDatabaseKind } from "../../tests/support/database";
import { draftWithDetails, manuscriptNaming, outboxTo, reviewTokenIn } from "../../tests/support/manuscripts";

/**
 * The road through the JSON API (issue 34), with the screens' rules: a reader starts a draft,
 * uploads a PDF that names them, and submits; the desk sends it to review and invites two
 * reviewers; by their links alone one declines and one accepts, downloads the anonymised copy and
 * reviews; the desk asks for revisions; the author reads the comments for them (no reviewer's
 * name, no confidential comment) and sends a revision; the desk accepts. Along the way, another
 * reader, a news editor and the wrong link are refused.
 */

let world: ApiWorld;

beforeAll(async () => {
  world = await openApiWorld();
  // Only a confirmed address submits: the readers confirmed theirs.
  for (const role of ["user", "other"] as const)
    await world.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, world.ids[role]));
});
afterAll(async () => {
  await world?.close();
});

const manuscript = (author: string) => manuscriptNaming("Local peace committees", author);
const mailsTo = (address: string) => outboxTo(world.database, address);

/** A JSON call that must succeed with `status`; its body. */
async function expectCall(
  status: number,
  method: string,
  path: string,
  options: { as?: Role; body?: unknown } = {},
): Promise<Record<string, unknown>> {
  const reply = await world.call(method, path, options);
  expect(reply.status, `${method} ${path}: ${reply.text.slice(0, 300)}`).toBe(status);
  return reply.body as Record<string, unknown>;
}

/** Uploads `bytes` as submission `id`'s manuscript, named `name`. */
async function uploadManuscript(id: string, bytes: Uint8Array, name: string, as: Role = "user") {
  return world.call("POST", `/api/submissions/${id}/files?kind=manuscript`, {
    as,
    raw: bytes,
    contentType: "application/pdf",
    headers: { "x-file-name": encodeURIComponent(name) },
  });
}

describe(`the submissions API (${testDatabaseKind})`, () => {
  it("carries a manuscript from a draft to acceptance, each caller seeing only what is theirs", async () => {
    const settings = await world.services.submissions.settings();
    const stamp = Date.now();

    // The author's draft, its details in the first call.
    const started = await expectCall(201, "POST", "/api/submissions", {
      as: "user",
      body: {
        title: "Local peace committees",
        abstract: "What keeps them working.",
        keywords: ["peacebuilding", "committees"],
        section: "research",
        language: "en",
      },
    });
    const submission = started.submission as { id: string; view: string; missing: Record<string, string> };
    expect(submission.view).toBe("draft");
    expect(Object.keys(submission.missing)).toEqual(expect.arrayContaining(["files"]));
    const id = submission.id;
    const email = `${(await world.services.accounts.userById(world.ids.user))!.email}`;
    await expectCall(200, "PATCH", `/api/submissions/${id}`, {
      as: "user",
      body: {
        checklist: settings.checklist,
        authors: [
          { given: "Nadia", family: "Haddad", affiliation: "University of Beirut", email, corresponding: true },
        ],
        competingInterests: "None.",
      },
    });
    // Another reader, and a news editor, find nothing there.
    expect((await world.call("GET", `/api/submissions/${id}`, { as: "other" })).status).toBe(404);
    expect((await world.call("PATCH", `/api/submissions/${id}`, { as: "other", body: { title: "Mine" } })).status).toBe(
      404,
    );
    expect((await world.call("GET", `/api/submissions/${id}`, { as: "editor" })).status).toBe(404);
    expect((await world.call("GET", "/api/submissions?scope=desk", { as: "editor" })).status).toBe(403);
    // Not a manuscript by its content; then the PDF, which names its author.
    const text = await uploadManuscript(id, new TextEncoder().encode("hello"), "a.pdf");
    expect(text.status).toBe(415);
    expect((await uploadManuscript(id, await manuscript("Nadia Haddad"), "x.pdf", "other")).status).toBe(404);
    const added = await uploadManuscript(id, await manuscript("Nadia Haddad"), "haddad.pdf");
    expect(added.status, added.text).toBe(201);
    const file = (added.body as { file: { id: string; namesFound: { where: string }[] } }).file;
    expect(file.namesFound.map((found) => found.where)).toContain("metadata");
    const own = await world.call("GET", `/api/submissions/${id}/files/${file.id}`, { as: "user" });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.text.startsWith("%PDF-")).toBe(true);
    expect((await world.call("GET", `/api/submissions/${id}/files/${file.id}`, { as: "other" })).status).toBe(404);

    const { number } = await expectCall(200, "POST", `/api/submissions/${id}/submit`, { as: "user" });
    expect(number).toEqual(expect.any(Number));
    expect((await world.call("PATCH", `/api/submissions/${id}`, { as: "user", body: { title: "Later" } })).status).toBe(
      403,
    );
    const list = await expectCall(200, "GET", "/api/submissions", { as: "user" });
    expect(list).toMatchObject({
      scope: "own",
      submissions: [expect.objectContaining({ id, stageLabel: "Submitted" })],
    });
    expect((await expectCall(200, "GET", "/api/submissions", { as: "other" })).submissions).toEqual([]);

    // The desk: the queue, the handling editor, a note, sent to review, two reviewers.
    const queue = await expectCall(200, "GET", "/api/submissions?scope=desk&filter=new", { as: "journal-manager" });
    expect((queue.rows as { id: string }[]).map((row) => row.id)).toContain(id);
    await expectCall(200, "POST", `/api/submissions/${id}/editor`, {
      as: "admin",
      body: { editorId: world.ids["journal-manager"] },
    });
    // Only the editor in chief (or an admin) assigns.
    expect(
      (
        await world.call("POST", `/api/submissions/${id}/editor`, {
          as: "journal-manager",
          body: { editorId: world.ids["journal-manager"] },
        })
      ).status,
    ).toBe(403);
    await expectCall(201, "POST", `/api/submissions/${id}/notes`, {
      as: "journal-manager",
      body: { body: "Fits the special issue." },
    });
    const toReview = await expectCall(200, "GET", `/api/submissions/${id}/decisions/draft?decision=send-to-review`, {
      as: "journal-manager",
    });
    await expectCall(201, "POST", `/api/submissions/${id}/decisions`, {
      as: "journal-manager",
      body: { decision: "send-to-review", letter: toReview.letter },
    });
    const invitation = await expectCall(200, "GET", `/api/submissions/${id}/reviews/draft`, { as: "journal-manager" });
    const reviewers = [`lena.${stamp}@review.example.net`, `omar.${stamp}@review.example.net`];
    for (const [name, address] of [
      ["Lena Fischer", reviewers[0]],
      ["Omar Said", reviewers[1]],
    ])
      await expectCall(201, "POST", `/api/submissions/${id}/reviews`, {
        as: "journal-manager",
        body: { name, email: address, affiliation: "Elsewhere", ...invitation, title: undefined },
      });
    const pool = await expectCall(200, "GET", `/api/submissions/${id}/reviewers?q=Lena`, { as: "journal-manager" });
    expect((pool.reviewers as { name: string }[]).map((r) => r.name)).toContain("Lena Fischer");
    const [lena, omar] = await Promise.all(
      reviewers.map(async (address) => reviewTokenIn((await mailsTo(address))[0].text)),
    );
    expect(lena && omar).toBeTruthy();

    // The reviewers, by their links alone: nothing names the author.
    const opened = await world.call("GET", `/api/review/${lena}`);
    expect(opened.status).toBe(200);
    expect(opened.text).not.toMatch(/Haddad|Nadia|Beirut/);
    expect(opened.body).toMatchObject({ reviewer: "Lena Fischer", files: [] });
    await expectCall(200, "POST", `/api/review/${omar}/answer`, {
      body: { answer: "decline", reason: "Travelling", colleague: "" },
    });
    expect((await world.call("POST", `/api/review/${omar}/answer`, { body: { answer: "accept" } })).status).toBe(409);
    await expectCall(200, "POST", `/api/review/${lena}/answer`, { body: { answer: "accept" } });
    const accepted = (await world.call("GET", `/api/review/${lena}`)).body as { files: { id: string; name: string }[] };
    expect(accepted.files).toHaveLength(1);
    expect(accepted.files[0].name).not.toMatch(/haddad/i);
    // Lena's link opens her review's file; Omar's (declined) opens none, and no made-up link anything.
    const copy = await world.call("GET", `/api/review/${lena}/files/${accepted.files[0].id}`);
    expect(copy.status).toBe(200);
    expect(copy.text).not.toMatch(/Haddad|Nadia/);
    expect((await world.call("GET", `/api/review/${omar}/files/${accepted.files[0].id}`)).status).toBe(403);
    expect((await world.call("GET", `/api/review/${"B".repeat(43)}`)).status).toBe(404);
    expect((await world.call("GET", `/api/submissions/${id}/files/${file.id}`, { as: "anonymous" })).status).toBe(401);
    await expectCall(200, "POST", `/api/review/${lena}/review`, {
      body: {
        recommendation: "minor",
        forAuthor: "Say how the committees were chosen.",
        forEditor: "Confidential: I supervised a similar thesis.",
      },
    });
    expect((await world.call("GET", `/api/review/${lena}/certificate`)).headers.get("content-type")).toBe(
      "application/pdf",
    );

    // The desk reads the review (with the reviewer and the confidential comment); the author, not yet.
    const desk = await expectCall(200, "GET", `/api/submissions/${id}`, { as: "journal-manager" });
    expect(desk.view).toBe("desk");
    const reviewsOnDesk = desk.reviews as { id: string; reviewerName: string; status: string; forEditor: string }[];
    expect(reviewsOnDesk.find((r) => r.status === "submitted")).toMatchObject({
      reviewerName: "Lena Fischer",
      forEditor: expect.stringContaining("Confidential"),
    });
    const declined = reviewsOnDesk.find((r) => r.status === "declined")!;
    // Omar, invited again, gets a new link (the old one opens nothing); cancelled, that one stops too.
    await expectCall(200, "POST", `/api/reviews/${declined.id}/reinvite`, { as: "journal-manager", body: {} });
    const omarAgain = reviewTokenIn((await mailsTo(reviewers[1])).at(-1)!.text);
    expect(omarAgain).not.toBe(omar);
    expect((await world.call("GET", `/api/review/${omar}`)).status).toBe(404);
    expect((await world.call("GET", `/api/review/${omarAgain}`)).status).toBe(200);
    await expectCall(200, "POST", `/api/reviews/${declined.id}/cancel`, { as: "journal-manager" });
    expect((await world.call("GET", `/api/review/${omarAgain}`)).status).toBe(404);
    expect((await world.call("POST", `/api/reviews/${declined.id}/cancel`, { as: "editor" })).status).toBe(403);
    const letter = await expectCall(200, "GET", `/api/submissions/${id}/decisions/draft?decision=minor`, {
      as: "journal-manager",
    });
    expect(letter.letter).toContain("Say how the committees were chosen.");
    expect(letter.letter).not.toMatch(/Confidential|Lena|Fischer/);
    await expectCall(201, "POST", `/api/submissions/${id}/decisions`, {
      as: "journal-manager",
      body: { decision: "minor", letter: letter.letter },
    });

    // The author's view: the stage in plain words and the comments for them, never who wrote them.
    const mine = await world.call("GET", `/api/submissions/${id}`, { as: "user" });
    expect(mine.body).toMatchObject({
      view: "author",
      stageLabel: "Revisions requested",
      mayRevise: true,
      reviews: [{ round: 1, reviewer: "Reviewer 1", comments: "Say how the committees were chosen." }],
    });
    expect(mine.text).not.toMatch(/Lena|Fischer|Omar|review\.example\.net|Confidential|supervised/);

    // The revision, then acceptance: the draft article is made.
    expect(
      (await world.call("POST", `/api/submissions/${id}/revision`, { as: "user", body: { response: "Done." } })).status,
    ).toBe(400);
    const revised = await uploadManuscript(id, await manuscript("N. Haddad"), "v2.pdf");
    expect(revised.status, revised.text).toBe(201);
    await expectCall(200, "POST", `/api/submissions/${id}/revision`, {
      as: "user",
      body: { response: "We explain the choice in section 2." },
    });
    const accept = await expectCall(200, "GET", `/api/submissions/${id}/decisions/draft?decision=accept`, {
      as: "journal-manager",
    });
    const decided = await expectCall(201, "POST", `/api/submissions/${id}/decisions`, {
      as: "journal-manager",
      body: { decision: "accept", letter: accept.letter },
    });
    expect(decided).toMatchObject({ recommended: false, articleId: expect.any(String) });
    expect((await expectCall(200, "GET", `/api/submissions/${id}`, { as: "user" })).stageLabel).toBe("Accepted");

    // The public figures count it; nobody is named.
    const numbers = await world.call("GET", "/api/journal/figures");
    expect(numbers.status).toBe(200);
    expect((numbers.body as { received: number }).received).toBeGreaterThanOrEqual(1);
  });

  it("takes a review with its annotated file as a multipart form; a form cut short, odd or incomplete keeps nothing", async () => {
    const author = { id: world.ids.user, roles: [] };
    const service = world.services.submissions;
    const id = await draftWithDetails(service, author, {
      title: "Annotated",
      abstract: "A paper.",
      keywords: [],
      section: "research",
      language: "en",
      funding: "",
    });
    await service.addFile(author, id, {
      kind: "manuscript",
      name: "paper.pdf",
      source: Readable.from([await manuscript("Nadia Haddad")]),
    });
    await service.submit(author, id);
    const toReview = await expectCall(200, "GET", `/api/submissions/${id}/decisions/draft?decision=send-to-review`, {
      as: "journal-manager",
    });
    await expectCall(201, "POST", `/api/submissions/${id}/decisions`, {
      as: "journal-manager",
      body: { decision: "send-to-review", letter: toReview.letter },
    });
    const address = `annotating.${Date.now()}@review.example.net`;
    const invitation = await expectCall(200, "GET", `/api/submissions/${id}/reviews/draft`, { as: "journal-manager" });
    await expectCall(201, "POST", `/api/submissions/${id}/reviews`, {
      as: "journal-manager",
      body: { name: "Ana Costa", email: address, affiliation: "Elsewhere", ...invitation, title: undefined },
    });
    const token = reviewTokenIn((await mailsTo(address))[0].text);
    await expectCall(200, "POST", `/api/review/${token}/answer`, { body: { answer: "accept" } });

    const path = `/api/review/${token}/review-with-file`;
    const send = async (
      fields: Record<string, string>,
      file: { bytes: Uint8Array<ArrayBuffer>; name: string } | null,
      cut = 0,
    ) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (file) form.set("annotated", new File([file.bytes], file.name, { type: "application/pdf" }));
      const body = new Response(form);
      const bytes = new Uint8Array(await body.arrayBuffer());
      return world.call("POST", path, {
        raw: cut ? bytes.subarray(0, bytes.length - cut) : bytes,
        contentType: body.headers.get("content-type")!,
      });
    };
    const review = { recommendation: "major", forAuthor: "Compare the two committees.", forEditor: "" };
    const annotated = { bytes: await manuscript("Ana Costa"), name: "notes on the paper.pdf" };
    const stillOpen = async () => ((await world.call("GET", `/api/review/${token}`)).body as { status: string }).status;

    const missing = await send({ forAuthor: "No recommendation." }, annotated);
    expect(missing.status, missing.text).toBe(400);
    expect(missing.body).toMatchObject({ success: false, message: expect.stringMatching(/recommendation/i) });
    const notPdf = await send(review, { bytes: new TextEncoder().encode("plain words"), name: "notes.pdf" });
    expect(notPdf.status, notPdf.text).toBe(415);
    const cut = await send(review, annotated, 200);
    expect(cut.status, cut.text).toBe(400);
    expect(cut.body).toMatchObject({ message: "The upload could not be read. Reload the page and try again." });
    const json = await world.call("POST", path, { body: review });
    expect(json.status).toBe(400);
    expect(await stillOpen()).toBe("accepted");

    const sent = await send({ ...review, nameShown: "true" }, annotated);
    expect(sent.status, sent.text).toBe(200);
    expect(await stillOpen()).toBe("submitted");
    const desk = await expectCall(200, "GET", `/api/submissions/${id}`, { as: "journal-manager" });
    const files = (desk.files as { kind: string; name: string }[]).filter((file) => file.kind === "annotated");
    expect(files.map((file) => file.name)).toEqual(["notes on the paper.pdf"]);
    // A review sent is not sent again; the link says so before reading the form.
    expect((await send(review, annotated)).status).toBe(403);
  });

  it("counts a client's unknown links as the screens do: past the limit, even a live link is refused", async () => {
    const address = { "x-client-ip": "10.77.0.1" };
    for (let i = 0; i < UNKNOWN_LINKS.max; i++) {
      const guess = `${String(i).padStart(2, "0")}${"G".repeat(41)}`;
      expect((await world.call("GET", `/api/review/${guess}`, { headers: address })).status).toBe(404);
    }
    const refused = await world.call("POST", `/api/review/${"G".repeat(43)}/answer`, {
      headers: address,
      body: { answer: "accept" },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await world.call("GET", `/api/review/${"G".repeat(43)}`)).status).toBe(404);
  });
});
