import { expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";

import { storedAuthor } from "../../../../../tests/support/articles";
import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { issueInput } from "../../../../../tests/support/journal-issues";
import { deleteJournal, load } from "./journals.server";

const world = setUpDashboardWorld();

async function uploadedPdf(fileName?: string) {
  const bytes = renderPdf([{ text: "An article", style: "title" }], { title: "An article", author: "Tests" });
  return (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName })).url;
}

const listed = async (query = "") =>
  load({ url: new URL(`http://localhost/dashboard?tab=journals${query}`), request: {} as Request, user: world.admin });

it("deletes a journal article, and says when it is already gone", async () => {
  const file = await uploadedPdf("article.pdf");
  const journal = await world.services.articles.create({ title: "An article", abstract: "", pdf: file });
  const deleted = await world.asAdmin(deleteJournal, { journalId: journal.id });
  expect(deleted).toMatchObject(accepted("delete-journal", "Journal deleted successfully!"));
  expect((await world.services.articles.list()).items.some((j) => j.id === journal.id)).toBe(false);

  const again = await world.asAdmin(deleteJournal, { journalId: journal.id });
  expect(again).toMatchObject({ status: 404, body: { ok: false, message: "That journal article no longer exists." } });
});

it("lists each article's issue, its own authors, its publication date and its PDF by the file's own name", async () => {
  const issue = await world.services.journal.createIssue(issueInput({ volume: 4, number: 2, year: 2025 }));
  const inIssue = await world.services.articles.create({
    title: "Ports and borders",
    abstract: "",
    pdf: await uploadedPdf("Okafor-ports-final.pdf"),
    issueId: issue.id,
    authors: [storedAuthor("Ngozi", "Okafor"), storedAuthor("Samuel", "Mensah")],
  });
  const draft = await world.services.articles.create({
    title: "Unplaced draft",
    abstract: "",
    pdf: await uploadedPdf(),
    status: "draft",
  });

  const rows = (await listed()).items;
  expect(rows.find((row) => row.id === inIssue.id)).toMatchObject({
    issue: "Vol. 4 No. 2 (2025)",
    authors: "Ngozi Okafor and Samuel Mensah",
    pdfName: "Okafor-ports-final.pdf",
    status: "published",
  });
  expect(rows.find((row) => row.id === inIssue.id)?.publishedAt).toBeTruthy();
  // No name was given with the upload: the PDF is named after the article's address, never its stored id.
  expect(rows.find((row) => row.id === draft.id)).toMatchObject({
    issue: null,
    authors: "",
    pdfName: `${draft.slug}.pdf`,
    publishedAt: null,
  });

  // The filter by issue: the issue's articles, or those in none.
  const page = await listed(`&issue=${issue.id}`);
  expect(page.items.map((row) => row.id)).toEqual([inIssue.id]);
  expect(page.filter.options).toContainEqual({ value: issue.id, label: "Vol. 4 No. 2 (2025)" });
  expect((await listed("&issue=none")).items.map((row) => row.id)).toContain(draft.id);
  expect((await listed("&issue=none")).items.map((row) => row.id)).not.toContain(inIssue.id);
});

it("confirms the article just saved, with the way to its page", async () => {
  const article = await world.services.articles.create({
    title: "Saved just now",
    abstract: "",
    pdf: await uploadedPdf("saved.pdf"),
    status: "draft",
  });
  expect((await listed(`&saved=${article.id}`)).saved).toEqual({
    message: 'Article "Saved just now" is saved as a draft.',
    href: `/journal/${article.slug}`,
  });
  expect((await listed()).saved).toBeNull();
});
