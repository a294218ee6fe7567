import { describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";
import { DEFAULT_JOURNAL_PROFILE } from "~/journal/vocabulary";
import { articleRevisionFields } from "~/journal/web/revision-fields.server";
import { loader as historyLoader } from "~/routes/revisions";

import { setUpDashboardWorld } from "../../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../../tests/support/database";
import { issueInput } from "../../../tests/support/journal-issues";
import { loader as archiveLoader } from "./archive";
import { loader as exportsLoader } from "./exports";
import { loader as issueLoader } from "./issue";

const world = setUpDashboardWorld();

function call<T>(loader: (args: never) => T, url: string, params: Record<string, string>, cookie = "") {
  const headers = cookie ? { cookie } : undefined;
  return loader({ request: new Request(`http://localhost${url}`, { headers }), params, context: {} } as never);
}

/** The status a loader answered or threw. */
async function statusOf(promise: Promise<unknown>) {
  try {
    const answer = await promise;
    return answer instanceof Response ? answer.status : 200;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? (error as Response).status;
  }
}

async function setUpJournal() {
  const { journal, articles, media } = world.services;
  await journal.saveProfile({ ...DEFAULT_JOURNAL_PROFILE, issnOnline: "2756-3316", publisher: "The Centre" });
  const issue = await journal.createIssue(
    issueInput({ title: "Exports", publishedOn: "2026-06-01", status: "published" }),
  );
  const forthcoming = await journal.createIssue(issueInput({ number: 2 }));
  const pdf = renderPdf([{ text: "Exported", style: "title" }], { title: "Exported", author: "Tests" });
  const file = (await media.ingestBuffer(pdf, { purpose: "pdf", fileName: "e.pdf" })).url;
  const author = { given: "Amina", family: "Yusuf", affiliation: "Lakeland", orcid: "", corresponding: true };
  const article = await articles.create({
    title: "An exported article",
    abstract: "<p>Abstract.</p>",
    pdf: file,
    issueId: issue.id,
    doi: "10.5555/jpss.export.1",
    firstPage: 3,
    lastPage: 9,
    authors: [{ ...author, email: "amina@lakeland.example.edu" }],
  });
  await articles.create({ title: "In a forthcoming issue", abstract: "", pdf: file, issueId: forthcoming.id });
  return { issue, forthcoming, article };
}

describe(`the journal's archive, issues and exports (${testDatabaseKind})`, () => {
  it("shows published issues to everyone, forthcoming ones to admins, and exports for admins only", async () => {
    const { article } = await setUpJournal();
    const archive = await call(archiveLoader, "/journals/issues", {});
    const volume9 = archive.volumes.find((v) => v.volume === 9)!;
    expect(volume9.issues.map((i) => i.label)).toEqual(["Vol. 9 No. 1 (2026): Exports"]);
    expect(volume9.issues[0].articles).toBe(1);

    const issue = await call(issueLoader, "/journals/issue/9/1", { volume: "9", number: "1" });
    expect(issue.entries.map((e) => e.title)).toEqual(["An exported article"]);
    expect(JSON.stringify(issue)).not.toContain("amina@");
    expect(await statusOf(call(issueLoader, "/journals/issue/9/2", { volume: "9", number: "2" }))).toBe(404);
    expect(await statusOf(call(issueLoader, "/journals/issue/x/1", { volume: "x", number: "1" }))).toBe(404);
    const asAdmin = await call(issueLoader, "/journals/issue/9/2", { volume: "9", number: "2" }, world.admin.cookie);
    expect(asAdmin.entries.map((e) => e.title)).toEqual(["In a forthcoming issue"]);

    const issueExport = { volume: "9", number: "1" };
    const user = await world.account("user");
    expect(await statusOf(call(exportsLoader, "/journals/issue/9/1/crossref.xml", issueExport))).toBe(302);
    expect(await statusOf(call(exportsLoader, "/journals/issue/9/1/crossref.xml", issueExport, user.cookie))).toBe(403);
    const crossref = (await call(
      exportsLoader,
      "/journals/issue/9/1/crossref.xml",
      issueExport,
      world.admin.cookie,
    )) as Response;
    expect(crossref.headers.get("content-type")).toContain("application/xml");
    const xml = await crossref.text();
    expect(xml).toContain("<doi>10.5555/jpss.export.1</doi>");
    expect(xml).toContain(`<email_address>${world.admin.email}</email_address>`);
    const doaj = (await call(
      exportsLoader,
      `/journal/${article.slug}/doaj.xml`,
      { journalSlug: article.slug },
      world.admin.cookie,
    )) as Response;
    const doajXml = await doaj.text();
    expect(doajXml).toContain("<doi>10.5555/jpss.export.1</doi>");
    expect(doajXml).not.toContain("amina@");
    const notAnIssue = { volume: "x", number: "1" };
    expect(await statusOf(call(exportsLoader, "/journals/issue/x/1/doaj.xml", notAnIssue, world.admin.cookie))).toBe(
      404,
    );
    // Nothing to deposit: the editor is told why, not shown an error page.
    const noDoi = await statusOf(
      call(exportsLoader, "/journals/issue/9/2/crossref.xml", { volume: "9", number: "2" }, world.admin.cookie),
    );
    expect(noDoi).toBe(400);
  });
});

describe(`the journal settings' history (${testDatabaseKind})`, () => {
  it("lists every save and compares an earlier one with the current settings", async () => {
    const { journal } = world.services;
    const profile = await journal.profile();
    await journal.saveProfile({ ...profile, publisher: "Before" }, world.admin.id);
    await journal.saveProfile({ ...profile, publisher: "After" }, world.admin.id);
    const params = { kind: "journal-settings", recordId: "profile" };
    const page = await call(historyLoader, "/history/journal-settings/profile", params, world.admin.cookie);
    expect(page.title).toBe("Journal settings");
    const earlier = page.revisions.find((r) => r.version === page.revisions[0].version - 1)!;
    const compared = await call(
      historyLoader,
      `/history/journal-settings/profile?compare=${earlier.id}`,
      params,
      world.admin.cookie,
    );
    expect(JSON.stringify(compared.comparison)).toContain("Before");
    expect(JSON.stringify(compared.comparison)).toContain("After");
    const other = { kind: "journal-settings", recordId: "other" };
    expect(await statusOf(call(historyLoader, "/history/journal-settings/other", other, world.admin.cookie))).toBe(404);
    expect(await statusOf(call(historyLoader, "/history/journal-settings/profile", params))).toBe(302);
  });
});

describe(`an article's history (${testDatabaseKind})`, () => {
  it("compares the scholarly fields too: a changed DOI, authors and keywords are differences (issue 31)", async () => {
    const { articles, media } = world.services;
    const pdf = renderPdf([{ text: "History", style: "title" }], { title: "History", author: "Tests" });
    const file = (await media.ingestBuffer(pdf, { purpose: "pdf", fileName: "h.pdf" })).url;
    const author = {
      given: "Amina",
      family: "Yusuf",
      affiliation: "Lakeland",
      orcid: "",
      email: "",
      corresponding: true,
    };
    const fields = { title: "An article with a history", abstract: "<p>Abstract.</p>", pdf: file };
    const article = await articles.create({
      ...fields,
      doi: "10.5555/jpss.history.1",
      authors: [author],
      keywords: ["peace"],
    });
    await articles.update(
      article.id,
      {
        ...fields,
        doi: "10.5555/jpss.history.2",
        authors: [author, { ...author, given: "Kofi", family: "Mensah", corresponding: false }],
        keywords: ["peace", "borders"],
      },
      { version: article.version, editorId: world.admin.id },
    );
    const params = { journalId: article.id };
    const path = `/update-journal/${article.id}/history`;
    const page = await call(historyLoader, path, params, world.admin.cookie);
    const first = page.revisions.at(-1)!;
    const compared = await call(historyLoader, `${path}?compare=${first.id}`, params, world.admin.cookie);
    expect(compared.comparison!.changes.map((change) => change.label)).toEqual(["Authors", "Keywords", "DOI"]);
    // Each change as the two versions read: the earlier one (without the highlighted words), the current one.
    const versions = (label: string) => {
      const { parts } = compared.comparison!.changes.find((change) => change.label === label)!;
      const read = (left: string) =>
        parts
          .filter((p) => p.change !== left)
          .map((p) => p.text)
          .join("")
          .trim();
      return { earlier: read("added"), current: read("removed") };
    };
    expect(versions("DOI")).toEqual({ earlier: "10.5555/jpss.history.1", current: "10.5555/jpss.history.2" });
    expect(versions("Authors")).toEqual({
      earlier: "Amina Yusuf, Lakeland, corresponding author",
      current: "Amina Yusuf, Lakeland, corresponding author\nKofi Mensah, Lakeland",
    });
    expect(versions("Keywords")).toEqual({ earlier: "peace", current: "peace; borders" });
    // Every field the revision keeps is compared: none is left out of the comparison's list.
    const kept = Object.keys((await articles.revision(article.id, first.id)).data as object);
    expect(kept.sort()).toEqual(
      articleRevisionFields(new Map())
        .map((field) => field.name)
        .sort(),
    );
  });
});
