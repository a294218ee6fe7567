import { expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";
import { EMPTY_ISSUE, type IssueForm } from "~/journal/forms";
import {
  ISSUE_ALREADY_PUBLISHED,
  ISSUE_DELETED,
  ISSUE_HAS_ARTICLES,
  ISSUE_PUBLISHED_NEEDS_DATE,
  ISSUE_SAVED,
  ISSUE_TAKEN,
  issuePublished,
} from "~/journal/messages";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { deleteIssue, load, publishIssue, saveIssue } from "./issues.server";

const world = setUpDashboardWorld();

/** The issue form as an editor fills it in for 4(1), without a cover. */
const ISSUE: IssueForm = {
  ...EMPTY_ISSUE,
  volume: "4",
  number: "1",
  year: "2026",
  title: "Maritime security",
  description: "<p>The Gulf of Guinea.</p>",
  publishedOn: "2026-06-30",
  status: "published",
};

const issueNamed = async (volume: number, number: number) =>
  (await world.services.journal.issues({ includeForthcoming: true })).find(
    (i) => i.volume === volume && i.number === number,
  );

it("creates an issue with its cover, then edits it", async () => {
  const cover = await world.uploadedImage();
  expect(await world.asAdmin(saveIssue, { ...ISSUE, cover })).toMatchObject(accepted("save-issue", ISSUE_SAVED));
  const created = (await issueNamed(4, 1))!;
  expect(created).toMatchObject({ year: 2026, title: "Maritime security", cover, status: "published" });

  const edited = await world.asAdmin(saveIssue, { ...ISSUE, cover, issueId: created.id, title: "Seas and ports" });
  expect(edited).toMatchObject(accepted("save-issue", ISSUE_SAVED));
  expect((await issueNamed(4, 1))?.title).toBe("Seas and ports");
  // The tab opens the issue for editing from its address.
  const url = new URL(`http://localhost/dashboard?tab=issues&edit=${created.id}`);
  const shown = await load({ url } as never);
  expect(shown.editing?.title).toBe("Seas and ports");
  expect(shown.issues.some((i) => i.id === created.id)).toBe(true);
});

it("says a volume's number is taken at the number field, for a new issue and for an edit", async () => {
  await world.asAdmin(saveIssue, { ...ISSUE, volume: "5", number: "1" });
  await world.asAdmin(saveIssue, { ...ISSUE, volume: "5", number: "2" });
  const taken = await world.asAdmin(saveIssue, { ...ISSUE, volume: "5", number: "1", title: "Another" });
  expect(taken).toMatchObject({
    status: 409,
    body: { ok: false, message: ISSUE_TAKEN, errors: { number: ISSUE_TAKEN }, values: { title: "Another" } },
  });
  const second = (await issueNamed(5, 2))!;
  const moved = await world.asAdmin(saveIssue, { ...ISSUE, volume: "5", number: "1", issueId: second.id });
  expect(moved).toMatchObject({ status: 409, body: { errors: { number: ISSUE_TAKEN } } });
  expect((await issueNamed(5, 2))?.id).toBe(second.id);
});

it("refuses a published issue without its date, and numbers that are not numbers, at their fields", async () => {
  const refused = await world.asAdmin(saveIssue, { ...ISSUE, volume: "x", number: "0", publishedOn: "" });
  expect(refused.status).toBe(400);
  expect(refused.body?.errors).toMatchObject({
    volume: "The volume is a whole number from 1",
    number: "The number is a whole number from 1",
  });
  const undated = await world.asAdmin(saveIssue, { ...ISSUE, volume: "6", publishedOn: "" });
  expect(undated).toMatchObject({ status: 400, body: { errors: { publishedOn: ISSUE_PUBLISHED_NEEDS_DATE } } });
  expect(await issueNamed(6, 1)).toBeUndefined();
});

it("deletes an empty issue, and refuses one that still has articles", async () => {
  await world.asAdmin(saveIssue, { ...ISSUE, volume: "7", status: "forthcoming", publishedOn: "" });
  const issue = (await issueNamed(7, 1))!;
  const bytes = renderPdf([{ text: "An article", style: "title" }], { title: "An article", author: "Tests" });
  const file = (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "article.pdf" })).url;
  const article = await world.services.articles.create({
    title: "An article",
    abstract: "",
    pdf: file,
    issueId: issue.id,
  });

  const refused = await world.asAdmin(deleteIssue, { issueId: issue.id });
  expect(refused).toMatchObject({ status: 409, body: { ok: false, message: ISSUE_HAS_ARTICLES } });
  expect(await issueNamed(7, 1)).toBeDefined();

  await world.services.articles.update(article.id, { title: "An article", abstract: "", pdf: file, issueId: null });
  expect(await world.asAdmin(deleteIssue, { issueId: issue.id })).toMatchObject(
    accepted("delete-issue", ISSUE_DELETED),
  );
  expect(await issueNamed(7, 1)).toBeUndefined();
  const gone = await world.asAdmin(deleteIssue, { issueId: issue.id });
  expect(gone).toMatchObject({ status: 404, body: { ok: false } });
});

it("publishes a forthcoming issue and its articles from the issue's page, once", async () => {
  await world.asAdmin(saveIssue, { ...ISSUE, volume: "8", status: "forthcoming", publishedOn: "" });
  const issue = (await issueNamed(8, 1))!;
  const bytes = renderPdf([{ text: "Waiting", style: "title" }], { title: "Waiting", author: "Tests" });
  const file = (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "w.pdf" })).url;
  const { articles } = world.services;
  const draft = await articles.create({
    title: "A draft",
    abstract: "",
    pdf: file,
    issueId: issue.id,
    status: "draft",
  });
  const waiting = await articles.create({ title: "Ready", abstract: "", pdf: file, issueId: issue.id });
  expect(await articles.bySlug(waiting.slug)).toBeUndefined();

  // The issue's page lists what it holds, drafts included.
  const url = new URL(`http://localhost/dashboard?tab=issues&edit=${issue.id}`);
  const page = await load({ url } as never);
  expect(page.articles.map((a) => [a.title, a.status]).sort()).toEqual([
    ["A draft", "draft"],
    ["Ready", "published"],
  ]);
  expect(page.issues.find((i) => i.id === issue.id)?.articles).toBe(2);

  const answer = await world.asAdmin(publishIssue, { issueId: issue.id });
  expect(answer).toMatchObject(accepted("publish-issue", issuePublished("Vol. 8 No. 1 (2026)", 2)));
  expect((await issueNamed(8, 1))?.status).toBe("published");
  for (const article of [draft, waiting]) expect((await articles.bySlug(article.slug))?.status).toBe("published");

  expect(await world.asAdmin(publishIssue, { issueId: issue.id })).toMatchObject({
    status: 409,
    body: { ok: false, message: ISSUE_ALREADY_PUBLISHED },
  });
  expect(await world.asAdmin(publishIssue, { issueId: "not-an-id" })).toMatchObject({ status: 404 });
});
