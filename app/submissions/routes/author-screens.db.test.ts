import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { users } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";

import { setUpDashboardWorld, type SignedIn } from "../../../tests/support/dashboard-world";
import { thrownStatus } from "../../../tests/support/route-runtime";
import { MANUSCRIPT_MISSING, REVISION_FILE_MISSING, TITLE_MISSING } from "../words";
import * as deskFile from "./desk-file";
import * as myFile from "./my-file";
import * as mySubmission from "./my-submission";
import * as submit from "./submit";
import * as wizard from "./wizard";

/**
 * The author's screens through their loaders and actions (issue 34), on both databases: a draft
 * started and filled step by step with plain form posts, a manuscript uploaded as a multipart form
 * (and a file that is not one refused at its field), submitted; then, after the editors ask for
 * it, a revision sent from the submission's page; and each of them closed to another reader.
 */

const world = setUpDashboardWorld();

type Answer = {
  status: number;
  location?: string;
  data?: { ok: boolean; message: string; errors: Record<string, string> };
};

/** What an action or loader answered: a redirect, a form's answer, or a refusal it threw. */
async function answerOf(run: Promise<unknown>): Promise<Answer> {
  try {
    const answer = (await run) as Response | { data: Answer["data"]; init?: { status?: number } };
    if (answer instanceof Response)
      return { status: answer.status, location: answer.headers.get("location") ?? undefined };
    return { status: answer.init?.status ?? 200, data: answer.data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") ?? undefined };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return { status };
    throw thrown;
  }
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

function formPost(who: SignedIn, url: string, fields: Record<string, string>) {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
  });
}

function filePost(who: SignedIn, url: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { cookie: who.cookie } });
}

const get = (who: SignedIn, url: string) => new Request(`http://localhost${url}`, { headers: { cookie: who.cookie } });

const manuscript = () =>
  renderPdf([{ text: "A study", style: "title" }, { text: "Findings." }], { title: "S", author: "" });

async function confirmed(role: "user" | "admin") {
  const account = await world.account(role);
  await world.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
  return account;
}

describe("the author's screens (issue 34)", () => {
  it("a draft through the wizard's forms, a manuscript uploaded, submitted, then a revision sent", async () => {
    const author = await confirmed("user");
    const other = await confirmed("user");
    const editor = { id: world.admin.id, roles: world.admin.roles };

    const started = await answerOf(submit.action(args(formPost(author, "/submit", { intent: "start" }))));
    expect(started.status).toBe(302);
    const id = /^\/submit\/([0-9a-f-]{36})\/start$/.exec(started.location ?? "")![1];
    const step = (name: string) => ({ submissionId: id, step: name });

    // A step refused at its field keeps what was sent; then saved, it goes on to the next.
    const details = {
      title: "",
      abstract: "Borders.",
      keywords: "a; b",
      section: "research",
      language: "en",
      funding: "",
    };
    const refused = await answerOf(
      wizard.action(args(formPost(author, `/submit/${id}/details`, { ...details, go: "next" }), step("details"))),
    );
    expect(refused).toMatchObject({ status: 400, data: { ok: false, errors: { title: TITLE_MISSING } } });
    const saved = await answerOf(
      wizard.action(
        args(formPost(author, `/submit/${id}/details`, { ...details, title: "Borders", go: "next" }), step("details")),
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: `/submit/${id}/authors` });
    const back = await answerOf(
      wizard.action(
        args(formPost(author, `/submit/${id}/letter`, { coverLetter: "Dear editors", go: "back" }), step("letter")),
      ),
    );
    expect(back).toMatchObject({ status: 302, location: `/submit/${id}/reviewers` });

    // The files step: onward only with the manuscript; a file that is not a PDF or DOCX is refused at its form.
    const early = await answerOf(
      wizard.action(
        args(formPost(author, `/submit/${id}/files`, { competingInterests: "None", go: "next" }), step("files")),
      ),
    );
    expect(early).toMatchObject({ status: 400, data: { errors: { manuscript: MANUSCRIPT_MISSING } } });
    const notPdf = await answerOf(
      wizard.action(
        args(
          filePost(author, `/submit/${id}/files?upload=manuscript`, new TextEncoder().encode("plain text"), "a.txt"),
          step("files"),
        ),
      ),
    );
    expect(notPdf.status).toBeGreaterThanOrEqual(400);
    expect(notPdf.data?.errors.manuscript).toBeTruthy();
    const uploaded = await answerOf(
      wizard.action(
        args(filePost(author, `/submit/${id}/files?upload=manuscript`, manuscript(), "paper.pdf"), step("files")),
      ),
    );
    expect(uploaded.status).toBe(302);
    expect(uploaded.location).toMatch(new RegExp(`^/submit/${id}/files\\?uploaded=[0-9a-f-]{36}$`));
    const files = (await wizard.loader(args(get(author, uploaded.location!), step("files")))) as {
      uploaded: string | null;
      draft: { files: { id: string; name: string }[] };
    };
    expect(files.uploaded).toBe("paper.pdf");
    const fileId = files.draft.files[0].id;

    // Another reader: every screen and form of the draft is a 404, and nothing is read from the body.
    for (const attempt of [
      () => wizard.loader(args(get(other, `/submit/${id}/details`), step("details"))),
      () => wizard.action(args(formPost(other, `/submit/${id}/letter`, { coverLetter: "mine" }), step("letter"))),
      () =>
        wizard.action(
          args(filePost(other, `/submit/${id}/files?upload=manuscript`, manuscript(), "x.pdf"), step("files")),
        ),
      () => mySubmission.loader(args(get(other, `/my-submissions/${id}`), { submissionId: id })),
      () => myFile.loader(args(get(other, `/my-submissions/${id}/files/${fileId}`), { submissionId: id, fileId })),
    ])
      expect(await thrownStatus(attempt())).toBe(404);

    const settings = await world.services.submissions.settings();
    const checks = Object.fromEntries(settings.checklist.map((_, i) => [`check${i}`, "on"]));
    expect(
      await answerOf(
        wizard.action(args(formPost(author, `/submit/${id}/start`, { ...checks, go: "next" }), step("start"))),
      ),
    ).toMatchObject({ status: 302, location: `/submit/${id}/details` });
    const submitted = await answerOf(
      wizard.action(args(formPost(author, `/submit/${id}/review`, { intent: "submit" }), step("review"))),
    );
    expect(submitted).toMatchObject({ status: 302, location: `/my-submissions/${id}?submitted=1` });
    // A submitted draft's wizard sends the author to its page.
    expect(await thrownStatus(wizard.loader(args(get(author, `/submit/${id}/details`), step("details"))))).toBe(302);

    // The author's own file: an attachment, kept by no cache.
    const download = await answerOf(
      myFile.loader(args(get(author, `/my-submissions/${id}/files/${fileId}`), { submissionId: id, fileId })),
    );
    expect(download.status).toBe(200);
    const response = (await myFile.loader(
      args(get(author, `/my-submissions/${id}/files/${fileId}`), { submissionId: id, fileId }),
    )) as Response;
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="paper\.pdf"/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(manuscript()))).toBe(true);

    // The editors' copy of the same file: a download too, sandboxed, kept by no cache nor index.
    const desk = (await deskFile.loader(
      args(get(world.admin, `/desk/submissions/${id}/files/${fileId}`), { submissionId: id, fileId }),
    )) as Response;
    expect(desk.headers.get("content-disposition")).toMatch(/^attachment; filename="paper\.pdf"/);
    expect(desk.headers.get("cache-control")).toBe("private, no-store");
    expect(desk.headers.get("x-content-type-options")).toBe("nosniff");
    expect(desk.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(desk.headers.get("x-robots-tag")).toBe("noindex");
    expect(Buffer.from(await desk.arrayBuffer()).equals(Buffer.from(manuscript()))).toBe(true);

    // Revisions asked for: the page offers the place to send one; the response alone is refused.
    await world.services.submissions.decide(editor, id, { decision: "send-to-review", letter: "" });
    await world.services.submissions.decide(editor, id, { decision: "minor", letter: "Please shorten it." });
    const page = (await mySubmission.loader(args(get(author, `/my-submissions/${id}`), { submissionId: id }))) as {
      mayRevise: boolean;
      stageLabel: string;
      letters: { letter: string }[];
    };
    expect(page).toMatchObject({ mayRevise: true, stageLabel: "Revisions requested" });
    expect(page.letters.map((letter) => letter.letter)).toContain("Please shorten it.");
    const path = `/my-submissions/${id}`;
    const noFile = await answerOf(
      mySubmission.action(args(formPost(author, path, { response: "Shortened." }), { submissionId: id })),
    );
    expect(noFile).toMatchObject({ data: { errors: { manuscript: REVISION_FILE_MISSING } } });
    const revised = await answerOf(
      mySubmission.action(
        args(filePost(author, `${path}?upload=manuscript`, manuscript(), "paper-v2.pdf"), { submissionId: id }),
      ),
    );
    expect(revised).toMatchObject({ status: 302, location: `${path}#revision` });
    const sent = await answerOf(
      mySubmission.action(args(formPost(author, path, { response: "Shortened." }), { submissionId: id })),
    );
    expect(sent).toMatchObject({ status: 302, location: `${path}?revised=1` });
    const after = (await mySubmission.loader(args(get(author, path), { submissionId: id }))) as {
      stageLabel: string;
      round: number;
      files: { name: string; round: number }[];
    };
    expect(after).toMatchObject({ stageLabel: "With the editor", round: 2 });
    expect(after.files.map((file) => [file.name, file.round])).toEqual([
      ["paper.pdf", 1],
      ["paper-v2.pdf", 2],
    ]);
  });
});
