import { afterAll, beforeAll, expect, it } from "vitest";

import { type ApiWorld, openApiWorld } from "../../tests/support/api";
import { articleFieldExamples } from "../../tests/support/articles";
import { ARTICLE_API_KEYS, ARTICLE_FIELD_DEFAULTS, type ArticleFieldValues } from "./article-fields";

/**
 * The JSON API carries every scholarly field the declaration says it does (issue 32), under the
 * field's own name, beside SPEC.md's `filename`, `details` and `file`.
 */

let world: ApiWorld;

beforeAll(async () => {
  world = await openApiWorld();
});
afterAll(async () => {
  await world?.close();
});

type Journal = Record<string, unknown> & { _id: string; version: number };

/** Every example, with an issue and a supplementary file that exist here. */
async function examples(): Promise<ArticleFieldValues> {
  const issue = await world.services.journal.createIssue({
    volume: 11,
    number: 2,
    year: 2026,
    title: "",
    description: "",
    cover: "",
    publishedOn: "2026-04-01",
    status: "published",
  });
  return {
    ...articleFieldExamples(),
    issueId: issue.id,
    supplementary: [{ label: "Appendix A", file: await world.uploadedPdf() }],
  };
}

it("creates an article with every field the API carries, answers them, and keeps those an update leaves out", async () => {
  const fields = await examples();
  const sent = Object.fromEntries(ARTICLE_API_KEYS.map((key) => [key, fields[key]]));
  const created = await world.call("POST", "/api/journal/create", {
    as: "admin",
    body: { filename: "Every field", details: "<p>All of them.</p>", file: await world.uploadedPdf(), ...sent },
  });
  expect(created.status, created.text).toBe(201);
  const journal = (created.body as { journal: Journal }).journal;
  for (const key of ARTICLE_API_KEYS) expect(journal[key], key).toEqual(fields[key]);

  const listed = (await world.call("GET", "/api/journal/getjournals")).body as { journals: Journal[] };
  const found = listed.journals.find((j) => j._id === journal._id)!;
  for (const key of ARTICLE_API_KEYS) expect(found[key], key).toEqual(fields[key]);

  // The whole record sent back (as the earlier client does) with one field back to its default.
  const [first, ...rest] = ARTICLE_API_KEYS;
  const updated = await world.call("PUT", `/api/journal/updatejournal/${journal._id}/${world.ids.admin}`, {
    as: "admin",
    body: { ...journal, [first]: ARTICLE_FIELD_DEFAULTS[first] },
  });
  expect(updated.status, updated.text).toBe(200);
  const saved = (updated.body as { journal: Journal }).journal;
  expect(saved[first]).toEqual(ARTICLE_FIELD_DEFAULTS[first]);
  for (const key of rest) expect(saved[key], key).toEqual(fields[key]);

  // Left out: kept as it is.
  const { filename, details, file } = saved as Journal & Record<"filename" | "details" | "file", string>;
  const kept = await world.call("PUT", `/api/journal/updatejournal/${journal._id}/${world.ids.admin}`, {
    as: "admin",
    body: { filename, details, file },
  });
  expect(kept.status, kept.text).toBe(200);
  for (const key of rest) expect((kept.body as { journal: Journal }).journal[key], key).toEqual(fields[key]);
});

it("refuses a value a field does not take, and pages out of order, at the field", async () => {
  const file = await world.uploadedPdf();
  const wrong = await world.call("POST", "/api/journal/create", {
    as: "admin",
    body: { filename: "Wrong section", details: "", file, section: "gossip" },
  });
  expect(wrong.status).toBe(400);
  const pages = await world.call("POST", "/api/journal/create", {
    as: "admin",
    body: { filename: "Pages", details: "", file, firstPage: 30, lastPage: 12 },
  });
  expect(pages.status).toBe(400);
});
