import { expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { deleteJournal } from "./journals.server";

const world = setUpDashboardWorld();

it("deletes a journal article, and says when it is already gone", async () => {
  const bytes = renderPdf([{ text: "An article", style: "title" }], { title: "An article", author: "Tests" });
  const file = (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "article.pdf" })).url;
  const journal = await world.services.articles.create({ title: "An article", abstract: "", pdf: file });
  const deleted = await world.asAdmin(deleteJournal, { journalId: journal.id });
  expect(deleted).toMatchObject(accepted("delete-journal", "Journal deleted successfully!"));
  expect((await world.services.articles.list()).items.some((j) => j.id === journal.id)).toBe(false);

  const again = await world.asAdmin(deleteJournal, { journalId: journal.id });
  expect(again).toMatchObject({ status: 404, body: { ok: false, message: "That journal article no longer exists." } });
});
