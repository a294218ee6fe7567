import { demoJournals, demoPeople } from "../../app/demo/content";
import { slugify } from "../../app/lib/text";
import { expectNoViolations, switchTheme, THEMES } from "./a11y";
import { expect, startPost, test, uniqueName } from "./fixtures";

// Bylines and author pages (issue 33): a post names who wrote it and links to their page; a journal
// article's authors link to theirs, by ORCID iD where the article gives one, else by name.

/** The page passes axe in both themes, on a phone and a desktop. */
async function expectAccessible(page: import("@playwright/test").Page, where: string) {
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoViolations(page, `${where} (${theme} theme, ${width} px)`);
    }
  }
}

test("a post's byline names its author and the date and links to the author's page, which lists the post", async ({
  adminPage: page,
  admin,
}) => {
  test.setTimeout(90_000);
  const title = `Byline ${uniqueName("b")}`;
  await startPost(page, title, "Who wrote this is shown above it.");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[a-z0-9-]+$/);

  const byline = page.locator("article > header p").filter({ hasText: "By " });
  await expect(byline).toContainText(`By ${admin.username} ·`);
  await expect(byline.locator("time")).toBeVisible();
  await byline.getByRole("link", { name: admin.username }).click();

  await expect(page).toHaveURL(new RegExp(`/authors/${admin.username.toLowerCase().replace(/\./g, "\\.")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(admin.username);
  await expect(page).toHaveTitle(new RegExp(`^${admin.username.replace(/\./g, "\\.")} \\| `));
  const news = page.locator("section#news");
  await expect(news.getByRole("heading", { name: "News" })).toBeVisible();
  await expect(news.getByRole("heading", { name: title })).toBeVisible();
  await expectAccessible(page, "an editor's author page");
});

test("an article's authors link to their pages: by ORCID iD, or by name without one", async ({ page }) => {
  test.setTimeout(90_000);
  const article = demoJournals.find((j) => j.title === "Women Mediators in Local Peace Processes")!;
  await page.goto(`/journal/${slugify(article.title)}`);
  const authors = page.getByRole("list", { name: "Authors" });
  const { bello, ojo } = demoPeople;

  await authors.getByRole("link", { name: `${bello.given} ${bello.family}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/authors/${bello.orcid}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${bello.given} ${bello.family}`);
  await expect(page.getByRole("link", { name: bello.orcid })).toHaveAttribute(
    "href",
    `https://orcid.org/${bello.orcid}`,
  );
  const articles = page.locator("section#articles");
  const bellos = demoJournals.filter((j) => j.authors.includes("bello"));
  await expect(articles.locator("li h3")).toHaveCount(bellos.length);
  await expect(articles.getByRole("link", { name: article.title })).toBeVisible();
  await expectAccessible(page, "a journal author's page by ORCID iD");

  // The co-author, who has no iD: her page is her name's, and lists her two articles.
  await articles
    .locator("li")
    .filter({ hasText: article.title })
    .getByRole("link", { name: `${ojo.given} ${ojo.family}` })
    .click();
  await expect(page).toHaveURL(/\/authors\/ruth-ojo$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ruth Ojo");
  const hers = demoJournals.filter((j) => j.authors.includes("ojo")).map((j) => j.title);
  expect((await page.locator("section#articles li h3").allTextContents()).sort()).toEqual(hers.sort());
});

test("the journal's lists link each author too", async ({ page }) => {
  await page.goto("/journals");
  const { bello } = demoPeople;
  await expect(
    page
      .locator("main")
      .getByRole("link", { name: `${bello.given} ${bello.family}` })
      .first(),
  ).toHaveAttribute("href", `/authors/${bello.orcid}`);
});

test("an unknown author is a 404 that says so", async ({ page }) => {
  const response = await page.goto("/authors/nobody-by-this-name");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Author not found");
  await expect(page).toHaveTitle(/^Author not found \| /);
});
