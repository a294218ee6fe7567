/**
 * Golden files of the OAI-PMH answers harvesters read (issue 32): GetRecord and a ListRecords page
 * in oai_dc and in oai_openaire, for the fixed journal of tests/support/golden-journal.ts stored
 * as it is (ids, dates and datestamps included) and answered at a fixed responseDate (the
 * service's own `now`). Each answer must equal its file in __golden__/ byte for byte;
 * `UPDATE_GOLDEN=1 npx vitest run app/journal/exports/oai/golden.db.test.ts` rewrites them.
 * Each file is also validated against OAI-PMH.xsd with the metadata format's official schema.
 */
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { articles, journalIssues, journalProfile, journalWithdrawals } from "~/db/schema";

import { openTestDatabase, type TestDatabase } from "../../../../tests/support/database";
import { STANDARDS } from "../../../../tests/support/feeds";
import { expectGolden, goldenPath, goldenSchemaProblems } from "../../../../tests/support/golden";
import {
  GOLDEN_RESPONSE_TIME,
  GOLDEN_SITE_URL,
  goldenArticleRow,
  goldenIssueRow,
  goldenOnlineFirstRow,
  goldenProfile,
  goldenReviewRow,
  goldenWithdrawal,
} from "../../../../tests/support/golden-journal";
import { oaiIdentifier, oaiService } from "./oai.server";

const SITE = { siteUrl: `${GOLDEN_SITE_URL}/` };
/** The official schemas, each importing OAI-PMH.xsd and the metadata format's schema (standards/oai). */
const SCHEMAS = {
  oai_dc: path.join(STANDARDS, "oai/driver-oai_dc.xsd"),
  oai_openaire: path.join(STANDARDS, "oai/driver-oai_openaire.xsd"),
};
const FORMATS = ["oai_dc", "oai_openaire"] as const;
/** The answers are one line of XML, as the service writes them: a failure shows its diff element by element. */
const ONE_LINE = { breakAfterTags: true };

let database: TestDatabase;
let oai: ReturnType<typeof oaiService>;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.insert(journalProfile).values({ fields: goldenProfile });
  await db.insert(journalIssues).values(goldenIssueRow);
  // Whole rows: metadata_changed_at is kept as given (its trigger stamps updates, not inserts).
  await db.insert(articles).values([goldenArticleRow, goldenReviewRow, goldenOnlineFirstRow]);
  await db.insert(journalWithdrawals).values(goldenWithdrawal);
  oai = oaiService(db, { secret: "golden-files", adminEmails: async () => ["editor@journal.example.org"] });
});
afterAll(async () => {
  await database?.dispose();
});

const golden = (name: string) => goldenPath(import.meta.dirname, name);
const answer = (query: string) => oai.respond([...new URLSearchParams(query)], SITE, GOLDEN_RESPONSE_TIME);

describe("golden files of the OAI-PMH answers", () => {
  it.each(FORMATS)("GetRecord of the sample article in %s", async (prefix) => {
    const identifier = oaiIdentifier(SITE.siteUrl, goldenArticleRow.id);
    const file = golden(`oai.get-record.${prefix}.xml`);
    expectGolden(await answer(`verb=GetRecord&identifier=${identifier}&metadataPrefix=${prefix}`), file, ONE_LINE);
    expect(goldenSchemaProblems([file], SCHEMAS[prefix])).toBe("");
  });

  it.each(FORMATS)("a ListRecords page in %s: three articles and a deleted record", async (prefix) => {
    const file = golden(`oai.list-records.${prefix}.xml`);
    expectGolden(await answer(`verb=ListRecords&metadataPrefix=${prefix}`), file, ONE_LINE);
    expect(goldenSchemaProblems([file], SCHEMAS[prefix])).toBe("");
  });
});
