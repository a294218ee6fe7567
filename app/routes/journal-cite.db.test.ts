import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { journals } from "~/db/schema";
import { closeRuntime } from "~/runtime.server";

import {
  installRuntime,
  openSeededTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from "../../tests/support/database";
import { loader } from "./journal-cite";

let database: TestDatabase;
let slug: string;
let title: string;

function cite(articleSlug: string, format: string) {
  return loader({
    request: new Request(`http://localhost/journal/${articleSlug}/cite/${format}`),
    params: { journalSlug: articleSlug, format },
    context: {},
  } as never);
}

async function thrownStatus(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? (error as Response).status;
  }
  return undefined;
}

beforeAll(async () => {
  database = await openSeededTestDatabase();
  installRuntime(database);
  const [row] = await database.db
    .select({ slug: journals.slug, title: journals.filename })
    .from(journals)
    .where(eq(journals.status, "published"))
    .limit(1);
  ({ slug, title } = row);
});
afterAll(async () => {
  await closeRuntime();
  await database?.dispose();
});

describe(`an article's citation files (${testDatabaseKind})`, () => {
  it("downloads BibTeX, RIS and CSL-JSON named after the article, with their media types", async () => {
    const bib = await cite(slug, "bibtex");
    expect(bib.headers.get("Content-Type")).toBe("application/x-bibtex; charset=utf-8");
    expect(bib.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.bib"`);
    expect(await bib.text()).toMatch(/^@article\{/);

    const risFile = await cite(slug, "ris");
    expect(risFile.headers.get("Content-Type")).toBe("application/x-research-info-systems; charset=utf-8");
    expect(risFile.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.ris"`);
    expect(await risFile.text()).toMatch(/^TY {2}- JOUR/);

    const json = await cite(slug, "csl-json");
    expect(json.headers.get("Content-Type")).toBe("application/vnd.citationstyles.csl+json; charset=utf-8");
    expect(json.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.json"`);
    const [item] = JSON.parse(await json.text());
    expect(item).toMatchObject({ type: "article-journal", title, URL: `http://localhost/journal/${slug}` });
  });

  it("answers 404 for an unknown format, an unknown article, and one that is not public", async () => {
    expect(await thrownStatus(cite(slug, "endnote"))).toBe(404);
    expect(await thrownStatus(cite(slug, "toString"))).toBe(404);
    expect(await thrownStatus(cite("no-such-article", "ris"))).toBe(404);
    await database.db.update(journals).set({ status: "draft" }).where(eq(journals.slug, slug));
    expect(await thrownStatus(cite(slug, "bibtex"))).toBe(404);
  });
});
