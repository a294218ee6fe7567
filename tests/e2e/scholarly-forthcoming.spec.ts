import type { APIRequestContext } from "@playwright/test";

import { createIssue, startArticle } from "../support/e2e-articles";
import { expect, newClientAddress, test, uniqueName } from "./fixtures";

/**
 * Issue 31: an article placed in a forthcoming issue with the editor's default status was public at
 * once: on /journals, at its address, in the feeds, search, the sitemap, OAI-PMH and the Scholar
 * tags, while its issue's page answered 404. A visitor with no cookies looks for it everywhere,
 * before and after the editor publishes the issue from its page.
 *
 * Published, the issue is the journal's current one, which /journals leads with and other specs read:
 * the test runs while no other test holds the site's shared content (`sharedContent`,
 * tests/e2e/fixtures.ts), and deletes the article and the issue afterwards.
 */
test.use({ sharedContent: "rewrite" });

/** The test's issue and article: deleted after it, passed or failed. */
const made: { volume?: string; articleId?: string } = {};

test.afterEach(async ({ page }) => {
  if (made.articleId) {
    expect((await page.request.delete(`/api/journal/deletejournal/${made.articleId}/x`)).status()).toBe(200);
    const purged = await page.request.post("/dashboard?tab=trash", {
      form: { intent: "purge-item", kind: "journal", id: made.articleId },
    });
    expect(purged.status(), "the article deleted for good").toBe(200);
  }
  if (made.volume) {
    await page.goto("/dashboard?tab=issues");
    const edit = await page
      .getByRole("link", { name: `Edit Vol. ${made.volume} No. 1 (2026)`, exact: true })
      .getAttribute("href");
    const issueId = new URL(edit!, page.url()).searchParams.get("edit")!;
    const deleted = await page.request.post("/dashboard?tab=issues", { form: { intent: "delete-issue", issueId } });
    expect(deleted.status(), "the issue deleted").toBe(200);
  }
});

/** Every record identifier an OAI-PMH list gives, following its resumption tokens. */
async function oaiList(request: APIRequestContext, verb: "ListRecords" | "ListIdentifiers") {
  let answer = await (await request.get(`/oai?verb=${verb}&metadataPrefix=oai_dc`)).text();
  let all = answer;
  for (;;) {
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(answer)?.[1];
    if (!token) return all;
    answer = await (await request.get(`/oai?verb=${verb}&resumptionToken=${encodeURIComponent(token)}`)).text();
    all += answer;
  }
}

/** The journal's child sitemaps, joined. */
async function journalSitemaps(request: APIRequestContext) {
  const index = await (await request.get("/sitemap.xml")).text();
  const children = [...index.matchAll(/<loc>([^<]*\/sitemaps\/journals-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
  const texts = await Promise.all(children.map(async (child) => (await request.get(new URL(child).pathname)).text()));
  return texts.join("\n");
}

type Found = { where: string; seen: boolean };

/** Where an anonymous visitor finds the article (each place: seen or not). */
async function lookEverywhere(
  request: APIRequestContext,
  article: { title: string; slug: string; id: string; oaiId: string },
  issue: { volume: string },
): Promise<Found[]> {
  const path = `/journal/${article.slug}`;
  const text = async (address: string) => (await request.get(address)).text();
  const status = async (address: string) => (await request.get(address)).status();
  const page = await request.get(path);
  const pageHtml = await page.text();
  const record = await text(
    `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(article.oaiId)}`,
  );
  return [
    { where: "/journals", seen: (await text("/journals")).includes(article.title) },
    { where: "the article's page", seen: page.status() === 200 },
    {
      where: "the Scholar tags",
      seen: pageHtml.includes(`<meta name="citation_title" content="${article.title}"`),
    },
    { where: "the PDF address", seen: (await status(`${path}/pdf`)) === 200 },
    { where: "the issue's page", seen: (await text(`/journals/issue/${issue.volume}/1`)).includes(article.title) },
    { where: "the RSS feed", seen: (await text("/journals/rss.xml")).includes(article.title) },
    { where: "the Atom feed", seen: (await text("/journals/atom.xml")).includes(article.title) },
    { where: "the JSON feed", seen: (await text("/journals/feed.json")).includes(article.title) },
    {
      where: "search",
      seen: (await text(`/search?q=${encodeURIComponent(article.title)}`)).includes(`href="${path}"`),
    },
    { where: "the sitemap", seen: (await journalSitemaps(request)).includes(path) },
    { where: "OAI-PMH ListRecords", seen: (await oaiList(request, "ListRecords")).includes(article.oaiId) },
    { where: "OAI-PMH ListIdentifiers", seen: (await oaiList(request, "ListIdentifiers")).includes(article.oaiId) },
    { where: "OAI-PMH GetRecord", seen: record.includes("<GetRecord>") && !record.includes('status="deleted"') },
    { where: "the JSON API", seen: (await text("/api/journal/getjournals")).includes(article.slug) },
    { where: "the citation download", seen: (await status(`${path}/cite/bibtex`)) === 200 },
  ];
}

const seenIn = (found: Found[]) => found.filter((f) => f.seen).map((f) => f.where);
const missedIn = (found: Found[]) => found.filter((f) => !f.seen).map((f) => f.where);

test("an article of a forthcoming issue stays hidden from visitors until the issue is published from its page", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // An issue of a volume no other run uses, forthcoming (the new issue form's default).
  const volume = String(5000 + Math.floor(Math.random() * 4000));
  const label = `Vol. ${volume} No. 1 (2026)`;
  await createIssue(page, volume, { title: "Coastal security", defaultStatus: "forthcoming" });
  made.volume = volume;

  // An article in it, saved with the editor's default status.
  // Letters and digits only, so that a search for the whole title reads it as the words it is.
  const title = `Lagoon fisheries and coastal patrols ${uniqueName("f").replace(/\W/g, "")}`;
  await startArticle(page, title, "How fishing communities and coastal patrols share a lagoon.");
  await page.getByLabel("Issue", { exact: true }).selectOption({ label: `${label}: Coastal security` });
  const author = page.getByRole("group", { name: "Author 1", exact: true });
  await author.getByLabel("Given name").fill("Efua");
  await author.getByLabel("Family name").fill("Asante");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=journals&saved=/);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit article" })).toBeVisible();
  const id = /\/update-journal\/([0-9a-f-]{36})/.exec(page.url())![1];
  made.articleId = id;
  const slug = await page.getByLabel("Address").inputValue();
  expect(slug).not.toBe("");
  const article = { title, slug, id, oaiId: `oai:${new URL(baseURL!).hostname}:article/${id}` };

  // A visitor: a browser of their own, no cookies.
  const visitor = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(31) } });
  try {
    expect(seenIn(await lookEverywhere(visitor.request, article, { volume }))).toEqual([]);
    const visitorPage = await visitor.newPage();
    const missing = await visitorPage.goto(`/journal/${slug}`);
    expect(missing?.status()).toBe(404);
    await expect(visitorPage.locator('meta[name^="citation_"]')).toHaveCount(0);

    // The editor sees it, with a notice, and publishes the issue from its page.
    await page.goto(`/journal/${slug}`);
    await expect(page.getByRole("status").filter({ hasText: "only admins can see this page" })).toBeVisible();
    await page.goto("/dashboard?tab=issues");
    await page.getByRole("link", { name: `Edit ${label}` }).click();
    const articles = page.getByRole("region", { name: `Articles in ${label}` });
    await expect(articles.getByRole("listitem")).toHaveText([new RegExp(`^${title}\\s*Draft$`)]);
    await articles.getByRole("link", { name: "Publish issue" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Publish ${label}?` });
    await expect(dialog).toContainText("The issue and its 1 article will be public at once");
    await dialog.getByRole("button", { name: "Publish issue" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${label} is published, with 1 article.` })).toBeVisible();

    // Now the visitor finds it everywhere, the Scholar tags carrying the issue's volume and number.
    expect(missedIn(await lookEverywhere(visitor.request, article, { volume }))).toEqual([]);
    await visitorPage.goto(`/journal/${slug}`);
    const meta = (name: string) => visitorPage.locator(`meta[name="${name}"]`);
    await expect(meta("citation_title")).toHaveAttribute("content", title);
    await expect(meta("citation_volume")).toHaveAttribute("content", volume);
    await expect(meta("citation_issue")).toHaveAttribute("content", "1");
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(title);
  } finally {
    await visitor.close();
  }
});
