import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { mailOutbox, reviews, submissionFiles, submissions, users } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { pdfText } from "~/journal/pdf-text.server";
import { services } from "~/runtime.server";

import { testDatabaseKind } from "../../../tests/support/database";
import { setUpRouteRuntime } from "../../../tests/support/route-runtime";
import { action, headers, loader } from "./review";
import { loader as certificateLoader } from "./review-certificate";
import { loader as fileLoader } from "./review-file";

/**
 * The reviewer's pages as the server answers them (issue 34): the invitation, the answer and the
 * review sent as plain forms (no script), the file as a download, the certificate as a PDF with the
 * reviewer's name and not the paper's title; every answer unkept and without a Referer.
 */

const world = setUpRouteRuntime();
const ADMIN = { id: "review-route-admin", roles: ["admin"] as const };
const TITLE = "Peacekeeping Mandates and Local Trust";
let token = "";
let manuscriptId = "";
let reviewId = "";

const at = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;
type Answer = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };

beforeAll(async () => {
  const { db } = world.database;
  const { submissions: service, manuscriptFiles } = await services();
  await db
    .insert(users)
    .values({ id: ADMIN.id, name: "Editor", email: "route.editor@site.example", emailVerified: true, role: "admin" });
  const [row] = await db
    .insert(submissions)
    .values({
      number: 7,
      stage: "review",
      title: TITLE,
      abstract: "How mandates shape trust.",
      keywords: ["peacekeeping"],
      authors: [
        {
          given: "Amina",
          family: "Diallo",
          email: "amina@university.example",
          orcid: "",
          affiliation: "U",
          corresponding: true,
        },
      ] as never,
      submittedAt: new Date(),
    })
    .returning();
  const saved = await manuscriptFiles.saveBuffer(
    renderPdf([{ text: "The study" }], { title: "M", author: "Amina Diallo" }),
    {
      name: "diallo.pdf",
      allow: ["pdf"],
    },
  );
  const copy = await manuscriptFiles.anonymise(saved.key);
  const [file] = await db
    .insert(submissionFiles)
    .values({
      submissionId: row.id,
      kind: "manuscript",
      name: "diallo.pdf",
      storageKey: saved.key,
      anonymisedKey: copy.key,
      contentType: "application/pdf",
      size: copy.size,
    })
    .returning();
  manuscriptId = file.id;
  const draft = await service.invitationDraft(ADMIN, row.id);
  await service.invite(ADMIN, row.id, {
    invitee: { name: "Ines Reviewer", email: "ines@elsewhere.example", affiliation: "Elsewhere" },
    dueOn: draft.dueOn,
    subject: draft.subject,
    body: draft.body,
  });
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ines@elsewhere.example"));
  token = /\/review\/([A-Za-z0-9_-]{43})/.exec(mail.textBody ?? "")![1];
  [{ id: reviewId }] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.submissionId, row.id));
});

describe(`the reviewer's pages (${testDatabaseKind})`, () => {
  it("show the invitation without an author, say a wrong link is gone (404), and are never kept or sent on", async () => {
    const open = (await loader(args(at(`/review/${token}`), { token }))) as unknown as Answer;
    expect(open.data.state).toBe("open");
    expect(JSON.stringify(open.data)).toContain(TITLE);
    expect(JSON.stringify(open.data)).not.toMatch(/Diallo|Amina|amina@/);
    const gone = (await loader(args(at(`/review/${"x".repeat(43)}`), { token: "x".repeat(43) }))) as unknown as Answer;
    expect(gone.init?.status).toBe(404);
    expect(gone.data.state).toBe("gone");
    const sent = headers({ loaderHeaders: new Headers(), actionHeaders: new Headers() } as never);
    expect(sent.get("Referrer-Policy")).toBe("same-origin");
    expect(sent.get("Cache-Control")).toBe("private, no-store");
  });

  it("accept without a script, then download the anonymised file as an attachment", async () => {
    const form = new URLSearchParams({ answer: "accept" });
    const answered = (await action(
      args(at(`/review/${token}`, { method: "POST", body: form }), { token }),
    )) as unknown as Answer;
    expect(answered.data).toMatchObject({ ok: true });
    const file = (await fileLoader(
      args(at(`/review/${token}/files/${manuscriptId}`), { token, fileId: manuscriptId }),
    )) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="manuscript-round-1\.pdf"/);
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    expect(file.headers.get("Referrer-Policy")).toBe("same-origin");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(Buffer.from(bytes).toString("latin1")).not.toContain("Diallo");
  });

  it("refuse a review form cut short, one whose file is no PDF, or one without a recommendation, keeping nothing", async () => {
    const post = async (form: FormData, cut = 0) => {
      const body = new Response(form);
      const bytes = new Uint8Array(await body.arrayBuffer());
      const request = at(`/review/${token}`, {
        method: "POST",
        body: bytes.subarray(0, bytes.length - cut),
        headers: { "content-type": body.headers.get("content-type")! },
      });
      return (await action(args(request, { token }))) as unknown as Answer;
    };
    const form = (fields: Record<string, string>, file: Blob) => {
      const made = new FormData();
      for (const [name, value] of Object.entries(fields)) made.set(name, value);
      made.set("annotated", new File([file], "notes.pdf", { type: "application/pdf" }));
      return made;
    };
    const pdf = new Blob([new Uint8Array(renderPdf([{ text: "Notes" }], { title: "Notes", author: "Ines" }))]);
    const review = { recommendation: "minor", forAuthor: "Fine.", forEditor: "" };
    const cut = await post(form(review, pdf), 300);
    expect(cut.init?.status).toBe(400);
    expect(cut.data.message).toMatch(/upload/);
    const text = await post(form(review, new Blob(["plain words"])));
    expect(text.init?.status).toBe(415);
    const incomplete = await post(form({ forAuthor: "Fine." }, pdf));
    expect(incomplete.init?.status).toBe(400);
    expect(incomplete.data).toMatchObject({ ok: false, values: { forAuthor: "Fine." } });
    const { db } = world.database;
    expect((await db.select().from(reviews).where(eq(reviews.id, reviewId)))[0].status).toBe("accepted");
    expect(await db.select().from(submissionFiles).where(eq(submissionFiles.reviewId, reviewId))).toEqual([]);
  });

  it("take the review as a multipart form with its file, then give a certificate with the reviewer's name and no title", async () => {
    const form = new FormData();
    form.set("recommendation", "minor");
    form.set("forAuthor", "A careful study; the sampling needs a paragraph.");
    form.set("forEditor", "");
    form.set(
      "annotated",
      new File(
        [new Uint8Array(renderPdf([{ text: "Notes" }], { title: "Notes", author: "Ines Reviewer" }))],
        "notes.pdf",
        {
          type: "application/pdf",
        },
      ),
    );
    const sent = (await action(
      args(at(`/review/${token}`, { method: "POST", body: form }), { token }),
    )) as unknown as Answer;
    expect(sent.data).toMatchObject({ ok: true });
    const { db } = world.database;
    const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row.status).toBe("submitted");
    const annotated = await db.select().from(submissionFiles).where(eq(submissionFiles.reviewId, reviewId));
    expect(annotated).toHaveLength(1);
    expect(annotated[0].anonymisedKey).not.toBeNull();

    const response = (await certificateLoader(args(at(`/review/${token}/certificate.pdf`), { token }))) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = (await pdfText({ bytes, size: bytes.length })).replace(/\s+/g, " ");
    expect(text).toContain("Ines Reviewer");
    expect(text).not.toContain("Peacekeeping");
    expect(text).not.toContain(TITLE);
  });
});
