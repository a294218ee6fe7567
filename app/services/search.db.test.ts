import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import { renderPdf } from "~/demo/pdf.server";
import { QUERY_TOO_LONG } from "~/domain/messages/search";
import { extractPendingPdfText } from "~/journal/pdf-text.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../tests/support/database";
import { postInput } from "../../tests/support/post-input";
import { InvalidError } from "./errors.server";
import type { PostInput } from "./posts.server";
import { parseQuery, type SearchRequest, snippetHtml } from "./search.server";

let database: TestDatabase;
let services: ReturnType<typeof testServices>;
const HOUR = 3_600_000;

const titles = async (request: SearchRequest) => (await services.search.search(request)).hits.map((hit) => hit.title);

async function pdfUrl(lines: string[]) {
  const bytes = renderPdf(
    lines.map((text, i) => ({ text, style: i === 0 ? "title" : "body" })),
    { title: lines[0], author: "Search test" },
  );
  return (await services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "article.pdf" })).url;
}

async function article(title: string, abstract: string, pdf: string, extra: Record<string, unknown> = {}) {
  return services.articles.create({ title, abstract, pdf, ...extra } as never);
}

beforeAll(async () => {
  database = await openTestDatabase();
  services = testServices(database);
  const { posts } = services;
  const day = (n: number) => new Date(Date.UTC(2025, 5, 1) - n * 24 * HOUR);
  // Published posts: [title, category, content, when].
  const published: [string, PostInput["category"], string, Date][] = [
    ["Fee negotiations with the students' union", "fees", "<p>The council met the union on Tuesday.</p>", day(1)],
    [
      "Council minutes",
      "uncategorized",
      "<p>The bursar is <strong>negotiating</strong> a new contract for the library.</p>",
      day(2),
    ],
    [
      "Examination timetable released",
      "exams",
      "<p>The examination timetable for the second semester is on the notice board.</p>",
      day(3),
    ],
    [
      "Timetable changes",
      "exams",
      "<p>A second semester change: the board moved the examination of chemistry.</p>",
      day(4),
    ],
    [
      "Graduation in the great hall",
      "course",
      "<p>Graduation of the class of 2024 in the great hall, with music.</p>",
      new Date(Date.UTC(2024, 10, 20)),
    ],
  ];
  for (const [title, category, content, at] of published)
    await posts.create(postInput(title, { category, content }), at);
  // Never to be found: a draft, a post scheduled for next week, a post in the trash.
  await posts.create(postInput("Secret hydrology draft", { status: "draft" }));
  await posts.create(
    postInput("Hydrology scheduled later", { status: "scheduled", publishAt: new Date(Date.now() + 7 * 24 * HOUR) }),
  );
  const trashed = await posts.create(postInput("Hydrology in the trash"));
  await posts.trash([trashed.id]);
  // Due a minute ago: public already, before the publishing tick has flipped it.
  await posts.create(
    postInput("Hydrology seminar due now", { status: "scheduled", publishAt: new Date(Date.now() - 60_000) }),
  );
  // Many posts naming a common word, for paging and capped counts.
  for (let i = 0; i < 23; i++)
    await posts.create(
      postInput(`Weekly bulletin ${i + 1}`, { category: "uncategorized", content: "<p>Campus bulletin.</p>" }),
      day(10 + i),
    );

  await article(
    "Sediment transport in tropical rivers",
    "<p>We measure sediment in the Niger basin.</p>",
    await pdfUrl([
      "Sediment transport in tropical rivers",
      "Our fieldwork used acoustic Doppler profilers along the riverbank during the monsoon.",
    ]),
    {
      authors: [{ given: "Amina", family: "Okafor", affiliation: "Lagos", orcid: "", email: "", corresponding: true }],
    },
  );
  await article(
    "Mobile money and rural households",
    "<p>A panel of households and their savings.</p>",
    await pdfUrl(["Mobile money and rural households", "Remittances arrive by telephone."]),
    { keywords: ["microfinance", "remittances"] },
  );
  await article("A damaged file", "<p>Its PDF cannot be read.</p>", await pdfUrl(["placeholder"]));
  await services.search.search({ q: "x" }); // warm-up
});
afterAll(async () => {
  await database?.dispose();
});

describe(`site search (${testDatabaseKind})`, () => {
  it("finds other forms of a word (stemming) and ranks a title match above a match in the text", async () => {
    expect(await titles({ q: "negotiations" })).toEqual([
      "Fee negotiations with the students' union",
      "Council minutes",
    ]);
    expect(await titles({ q: "negotiate" })).toHaveLength(2);
  });

  it("matches a word still being typed as a prefix, through its stem too", async () => {
    expect(await titles({ q: "negotiat" })).toEqual(["Fee negotiations with the students' union", "Council minutes"]);
    expect(await titles({ q: "examinat" })).toEqual(["Examination timetable released", "Timetable changes"]);
    expect(await titles({ q: "gradu" })).toEqual(["Graduation in the great hall"]);
    // With a space after it, the word is whole: no prefix.
    expect(await titles({ q: "gradu " })).toEqual([]);
  });

  it('finds "quoted phrases" and leaves out -excluded words', async () => {
    expect(await titles({ q: '"examination timetable"' })).toEqual(["Examination timetable released"]);
    expect(await titles({ q: "timetable -chemistry" })).toEqual(["Examination timetable released"]);
    expect(await titles({ q: 'semester -"notice board"' })).toEqual(["Timetable changes"]);
    expect(await titles({ q: "timetable second semester" })).toHaveLength(2);
  });

  it("finds journal articles by abstract, authors, keywords and the words of their PDF once read", async () => {
    expect(await titles({ q: "okafor" })).toEqual(["Sediment transport in tropical rivers"]);
    expect(await titles({ q: "microfinance" })).toEqual(["Mobile money and rural households"]);
    expect(await titles({ q: "doppler" })).toEqual([]);

    const [damaged] = rowsOf<{ pdf: string }>(
      await database.db.execute(sql`select pdf from articles where title = 'A damaged file'`),
    );
    // The third article's file is replaced by bytes that are no PDF: marked, not tried again.
    await services.media.store.putBuffer(
      damaged.pdf.slice("/uploads/".length),
      Buffer.from("not a pdf"),
      "application/pdf",
    );
    const before = rowsOf<{ changed: string; version: number }>(
      await database.db.execute(sql`select metadata_changed_at::text as changed, version from articles order by id`),
    );
    expect(await extractPendingPdfText(database.db, services.media.store)).toBe(3);
    expect(await extractPendingPdfText(database.db, services.media.store)).toBe(0);
    const after = rowsOf<{ changed: string; version: number }>(
      await database.db.execute(sql`select metadata_changed_at::text as changed, version from articles order by id`),
    );
    expect(after).toEqual(before); // no new version, no new OAI-PMH datestamp
    const [failed] = rowsOf<{ failed: boolean }>(
      await database.db.execute(sql`select pdf_text_failed as failed from articles where title = 'A damaged file'`),
    );
    expect(failed.failed).toBe(true);

    const found = await services.search.search({ q: "acoustic doppler" });
    expect(found.hits.map((h) => h.title)).toEqual(["Sediment transport in tropical rivers"]);
    expect(found.hits[0]).toMatchObject({ kind: "article", url: expect.stringMatching(/^\/journal\//) });
    expect(found.hits[0].snippet.filter((p) => p.match).map((p) => p.text.toLowerCase())).toEqual(
      expect.arrayContaining(["acoustic", "doppler"]),
    );
    expect(await titles({ q: "telephone" })).toEqual(["Mobile money and rural households"]);
  });

  it("marks the matching words in a snippet made from text, never from markup", async () => {
    const { hits } = await services.search.search({ q: "negotiating" });
    const council = hits.find((h) => h.title === "Council minutes")!;
    expect(council.snippet.some((p) => p.match && p.text === "negotiating")).toBe(true);
    expect(council.snippet.map((p) => p.text).join("")).not.toContain("<");
    expect(
      snippetHtml([
        { text: "<b>&", match: false },
        { text: "x", match: true },
      ]),
    ).toBe("&lt;b&gt;&amp;<mark>x</mark>");
  });

  it("filters by kind, category and year", async () => {
    expect(await titles({ q: "timetable", category: "fees" })).toEqual([]);
    expect(await titles({ q: "timetable", category: "exams" })).toHaveLength(2);
    expect(await titles({ q: "hall", year: 2024 })).toEqual(["Graduation in the great hall"]);
    expect(await titles({ q: "hall", year: 2025 })).toEqual([]);
    expect(await titles({ q: "sediment", kind: "post" })).toEqual([]);
    expect(await titles({ q: "sediment", kind: "article" })).toEqual(["Sediment transport in tropical rivers"]);
  });

  it("pages ten at a time with a count", async () => {
    const first = await services.search.search({ q: "bulletin" });
    expect(first).toMatchObject({ total: 23, pages: 3, page: 1, capped: false });
    expect(first.hits).toHaveLength(10);
    const third = await services.search.search({ q: "bulletin", page: 3 });
    expect(third.hits).toHaveLength(3);
    const all = [...first.hits, ...(await services.search.search({ q: "bulletin", page: 2 })).hits, ...third.hits];
    expect(new Set(all.map((h) => h.url)).size).toBe(23);
    // Past the last page: the last page.
    const past = await services.search.search({ q: "bulletin", page: 9 });
    expect(past.page).toBe(3);
    expect(past.hits.map((h) => h.url)).toEqual(third.hits.map((h) => h.url));
  });

  it("never shows drafts, posts scheduled for later or posts in the trash; a post due now is shown", async () => {
    expect(await titles({ q: "hydrology" })).toEqual(["Hydrology seminar due now"]);
    expect(await titles({ q: "hydrol" })).toEqual(["Hydrology seminar due now"]);
    expect((await services.search.suggest("hydrol")).map((s) => s.title)).toEqual(["Hydrology seminar due now"]);
  });

  it("searches the pages of the site: staff, departments and courses", async () => {
    const faculty = await services.academicsAdmin.createFaculty("Faculty of Earth Sciences");
    const department = await services.academicsAdmin.createDepartment({
      name: "Department of Geomorphology",
      facultyId: faculty.id,
      content: "<p>Landscapes and rivers.</p>",
    });
    await services.academicsAdmin.createCourse({
      name: "Fluvial landforms",
      code: "GEO 204",
      semester: "First",
      description: "Meanders and floodplains.",
      departmentId: department.id,
      facultyId: faculty.id,
    } as never);
    const rivers = await services.search.search({ q: "floodplains" });
    expect(rivers.hits).toEqual([
      expect.objectContaining({
        kind: "page",
        title: "GEO 204 Fluvial landforms",
        url: `/programmes/${department.id}`,
      }),
    ]);
    expect(await titles({ q: "geomorphology", kind: "page" })).toEqual(["Department of Geomorphology"]);
    expect(await titles({ q: "geomorphology", kind: "post" })).toEqual([]);
  });

  it("takes any input without failing, and refuses one that is too long with words a person reads", async () => {
    const odd = [
      '"unbalanced quote',
      "-",
      "--- !!! &&& |||",
      "a & b | !c :* ( ) ' \\ ;",
      "'); drop table posts; --",
      "negotiat:*",
      "<script>alert(1)</script>",
      "ölçü ñandú 中文 العربية",
      '""',
      "the of and",
      "-the negotiations",
      "\u0000\u0002\u0003",
    ];
    for (const q of odd) await expect(services.search.search({ q }), q).resolves.toBeDefined();
    expect(await titles({ q: "'); drop table posts; --" })).toEqual([]);
    expect(await titles({ q: "the of and" })).toEqual([]);
    await expect(services.search.search({ q: "x".repeat(10_000) })).rejects.toThrow(QUERY_TOO_LONG);
    await expect(services.search.search({ q: "-exams" })).rejects.toBeInstanceOf(InvalidError);
    expect(await services.search.suggest("x".repeat(10_000))).toEqual([]);
  });

  it("reads queries into words, phrases, exclusions and a prefix being typed", () => {
    expect(parseQuery('fee "union talks" -strike negot')).toEqual([
      { words: ["fee"], phrase: false, exclude: false, prefix: false },
      { words: ["union", "talks"], phrase: true, exclude: false, prefix: false },
      { words: ["strike"], phrase: false, exclude: true, prefix: false },
      { words: ["negot"], phrase: false, exclude: false, prefix: true },
    ]);
    expect(parseQuery("e-mail")).toEqual([{ words: ["e", "mail"], phrase: true, exclude: false, prefix: false }]);
    expect(parseQuery("&|!():*'")).toEqual([]);
  });
});
