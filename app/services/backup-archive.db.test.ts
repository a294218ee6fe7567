import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appliedMigrations, knownMigrations } from "~/db/dump.server";
import { journalJson } from "~/journal/api.server";
import { ARTICLE_REVISION_KEYS } from "~/journal/article-fields";
import { createServices, siteStores } from "~/registry.server";

import { storeContents } from "../../tests/support/backups";
import { openTestDatabase, type TestDatabase } from "../../tests/support/database";
import { restoreBackup } from "./backup.server";

/**
 * An archive that `npm run backup` wrote on the demo site as it stood before articles took their
 * true names (issue 32: `journals` with `filename`, `details` and `file`), kept as it was made. Every
 * later version of the site must restore it: the articles with their titles, abstracts and PDFs, the
 * revisions of each, and the JSON API's answer for them.
 */
const ARCHIVE = path.resolve(import.meta.dirname, "../../tests/fixtures/archives/journals-before-articles.tar.gz");

const ARTICLE = {
  slug: "community-early-warning-and-the-prevention-of-communal-violence",
  title: "Community Early Warning and the Prevention of Communal Violence",
  abstract:
    "<p>Drawing on 240 interviews in twelve local government areas, this article shows that early warning alerts passed through trusted local intermediaries were acted on far more often than alerts sent through formal channels alone.</p>",
  pdf: "/uploads/2026-11/a45d4958-4c44-46ae-a94a-191d1335d105.pdf",
};

let database: TestDatabase;
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  database = await openTestDatabase();
  const stores = siteStores(database.dataDir);
  await restoreBackup(database.db, stores, fs.createReadStream(ARCHIVE), { force: false });
  services = createServices(database.db, {
    dataDir: database.dataDir,
    auth: { secret: "test-secret-test-secret-test-secret-0123" },
  });
});
afterAll(async () => {
  await database?.dispose();
});

describe("an archive made before the articles' rename", () => {
  it("restores to this version's migrations, with every uploaded file", async () => {
    expect(await appliedMigrations(database.db)).toEqual(
      knownMigrations().map(({ hash, createdAt }) => ({ hash, createdAt })),
    );
    const files = await storeContents(services.media.store);
    expect(Object.keys(files)).toHaveLength(158);
    expect(files[ARTICLE.pdf.slice("/uploads/".length)]).toBeDefined();
  });

  it("gives back its articles with their titles, abstracts and PDFs, as the site and the API show them", async () => {
    const listed = await services.articles.adminList({});
    expect(listed.total).toBe(13);
    const article = (await services.articles.bySlug(ARTICLE.slug))!;
    expect(journalJson(article)).toMatchObject({
      slug: ARTICLE.slug,
      filename: ARTICLE.title,
      details: ARTICLE.abstract,
      file: ARTICLE.pdf,
    });
    expect(article.authors.map((author) => author.family)).toEqual(["Bello", "Mensah"]);
    // Its search document is made again from the restored title.
    const found = await services.search.search({ q: "communal violence early warning" });
    expect(found.hits.map((hit) => hit.title)).toContain(ARTICLE.title);
  });

  it("keeps each article's revisions comparable and restorable", async () => {
    const article = (await services.articles.bySlug(ARTICLE.slug))!;
    const [revision] = await services.articles.revisions(article.id);
    const { data } = await services.articles.revision(article.id, revision.id);
    expect(data).toMatchObject({
      title: ARTICLE.title,
      abstract: ARTICLE.abstract,
      pdf: ARTICLE.pdf,
      doi: article.doi,
    });
    // Restoring the oldest revision after an edit brings its title, abstract and PDF back.
    await services.articles.update(article.id, { title: "Renamed after the restore", abstract: "", pdf: article.pdf });
    // The revision this version writes keeps every field the one in the archive kept, so the two
    // compare; beside them only scholarly fields declared since, which a restore of the old one leaves.
    const [edited] = await services.articles.revisions(article.id);
    const now = (await services.articles.revision(article.id, edited.id)).data as Record<string, unknown>;
    const kept = Object.keys(data as object);
    expect(Object.keys(now)).toEqual(expect.arrayContaining(kept));
    for (const key of Object.keys(now).filter((name) => !kept.includes(name)))
      expect(ARTICLE_REVISION_KEYS as string[]).toContain(key);
    expect(now).toMatchObject({ title: "Renamed after the restore", abstract: "" });
    const restored = await services.articles.restoreRevision(article.id, revision.id);
    expect(journalJson(restored)).toMatchObject({
      filename: ARTICLE.title,
      details: ARTICLE.abstract,
      file: ARTICLE.pdf,
    });
  });
});
