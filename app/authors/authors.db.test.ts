import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { users } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { loader as articlesLoader } from "~/journal/routes/articles";
import { loader as issueLoader } from "~/journal/routes/issue";
import { loader as postLoader } from "~/routes/post";

import { storedAuthor } from "../../tests/support/articles";
import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../tests/support/database";
import { issueInput } from "../../tests/support/journal-issues";
import { postInput } from "../../tests/support/post-input";
import { thrownStatus } from "../../tests/support/route-runtime";
import { loader as authorLoader } from "./routes/author";

const world = setUpDashboardWorld();

function call<T>(loader: (args: never) => T, url: string, params: Record<string, string>) {
  return loader({ request: new Request(`http://localhost${url}`), params, context: {} } as never);
}
const author = (key: string) => call(authorLoader, `/authors/${key}`, { authorKey: key });
const seoOf = (page: { seo: unknown[] }) => page.seo;

const ORCID = "0000-0002-1825-0097";

/** An editor who writes news as ngozi.okafor, and two articles: one hers with Samuel Mensah's iD on it. */
async function setUpAuthors() {
  const { services, database } = world;
  const editor = await world.account("editor");
  await database.db
    .update(users)
    .set({ username: "ngozi.okafor", displayUsername: "Ngozi.Okafor" })
    .where(eq(users.id, editor.id));
  const post = await services.posts.create(postInput("Peacebuilding week", { userId: editor.id }));
  const issue = await services.journal.createIssue(
    issueInput({ volume: 4, status: "published", publishedOn: "2026-05-01" }),
  );
  const pdf = renderPdf([{ text: "A", style: "title" }], { title: "A", author: "Tests" });
  const file = (await services.media.ingestBuffer(pdf, { purpose: "pdf", fileName: "a.pdf" })).url;
  const joint = await services.articles.create({
    title: "Early warning in border communities",
    abstract: "",
    pdf: file,
    issueId: issue.id,
    authors: [storedAuthor("Ngozi", "Okafor"), storedAuthor("Samuel", "Mensah", { orcid: ORCID })],
  });
  // The same Samuel Mensah where an article gives no iD: matched by his name.
  const solo = await services.articles.create({
    title: "Security sector reform",
    abstract: "",
    pdf: file,
    authors: [storedAuthor("Samuel", "Mensah")],
  });
  return { editor, post, issue, joint, solo };
}

describe(`author pages and bylines (${testDatabaseKind})`, () => {
  it("a post's byline names its author and links to their page, which lists their posts and articles", async () => {
    const { editor, post, joint, issue } = await setUpAuthors();
    const page = await call(postLoader, `/post/${post.slug}`, { postSlug: post.slug });
    expect(page.author).toEqual({ name: "Ngozi.Okafor", path: "/authors/ngozi.okafor" });

    const hers = await author("ngozi.okafor");
    expect(hers.name).toBe("Ngozi.Okafor");
    expect(hers.posts.map((p) => p.title)).toEqual(["Peacebuilding week"]);
    expect(hers.articles.map((a) => a.title)).toEqual([joint.title]);
    expect(hers.articles[0].authors).toEqual([
      { name: "Ngozi Okafor", path: "/authors/ngozi-okafor" },
      { name: "Samuel Mensah", path: `/authors/${ORCID}` },
    ]);
    expect(hers.articles[0].issue).toBe("Vol. 4 No. 1 (2026)");
    // The article's byline links to her name's page: the same person, her account's address canonical.
    const byName = await author("ngozi-okafor");
    expect(byName.posts.map((p) => p.title)).toEqual(["Peacebuilding week"]);
    expect(seoOf(byName)).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "http://localhost/authors/ngozi.okafor",
    });
    expect(seoOf(hers)).toContainEqual({ title: expect.stringContaining("Ngozi.Okafor") });
    expect(editor.id).toBeTruthy();

    // Every list that shows authors links them: the issue's table of contents and the articles list.
    const toc = await call(issueLoader, `/journals/issue/4/1`, { volume: "4", number: "1" });
    const entry = toc.entries.find((e: { title: string }) => e.title === joint.title)!;
    expect(entry.authors.map((a: { path: string }) => a.path)).toEqual(["/authors/ngozi-okafor", `/authors/${ORCID}`]);
    const list = await call(articlesLoader, "/journals", {});
    const card = list.items.find((a) => a.slug === joint.slug)!;
    expect(card.authors[1]).toEqual({ name: "Samuel Mensah", path: `/authors/${ORCID}` });
    expect(issue.id).toBeTruthy();
  });

  it("an article author without an account has a page by ORCID iD, which takes in their articles without the iD", async () => {
    const samuel = await author(ORCID);
    expect(samuel.name).toBe("Samuel Mensah");
    expect(samuel.orcid).toBe(ORCID);
    expect(samuel.posts).toEqual([]);
    expect(samuel.articles.map((a) => a.title).sort()).toEqual([
      "Early warning in border communities",
      "Security sector reform",
    ]);
    // Lower case x or not: the same iD.
    expect((await author(ORCID.toLowerCase())).name).toBe("Samuel Mensah");
    const byName = await author("samuel-mensah");
    expect(byName.articles.map((a) => a.title).sort()).toEqual([
      "Early warning in border communities",
      "Security sector reform",
    ]);
  });

  it("answers 404 for an unknown author, an unknown iD and a reader's account", async () => {
    const reader = await world.account("user");
    expect(await thrownStatus(author("nobody-here"))).toBe(404);
    expect(await thrownStatus(author("0000-0001-5109-3700"))).toBe(404);
    expect(await thrownStatus(author(reader.username.toLowerCase()))).toBe(404);
  });

  it("a post keeps working when its author is deleted, then without a byline", async () => {
    const { services } = world;
    const writer = await world.account("editor");
    const post = await services.posts.create(postInput("Written before leaving", { userId: writer.id }));
    await services.accounts.deleteUser(writer.id);
    const page = await call(postLoader, `/post/${post.slug}`, { postSlug: post.slug });
    expect(page.post.title).toBe("Written before leaving");
    expect(page.author).toBeNull();
    expect(await thrownStatus(author(writer.username.toLowerCase()))).toBe(404);
  });
});
