import { demoJournals, demoPosts } from "../../app/demo/content";
import { expect, test } from "./fixtures";

// Site search (issue 22, decision 025) over the demo content. Only reads: other specs may publish
// meanwhile, so results are looked for by title, never counted exactly.

const post = demoPosts[0]; // "Centre hosts regional dialogue on community early warning"
const article = demoJournals[0]; // "Community Early Warning and the Prevention of Communal Violence"

test.describe("site search", () => {
  test("typed in the header's box, the results page lists posts and articles with the words marked", async ({
    page,
  }) => {
    await page.goto("/");
    const box = page.getByRole("search").getByRole("searchbox", { name: "Search the site" });
    await box.fill('"early warning"');
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=%22early\+warning%22/);
    await expect(page.getByRole("heading", { level: 1, name: "Search the site" })).toBeVisible();
    const results = page.getByRole("list", { name: "Results" });
    await expect(results.getByRole("link", { name: post.title })).toBeVisible();
    await expect(results.getByRole("link", { name: article.title })).toBeVisible();
    await expect(results.locator("mark").first()).toHaveText(/early|warning/i);
    await expect(page.getByRole("status").first()).toHaveText(/\d+ results?/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    await results.getByRole("link", { name: article.title }).click();
    await expect(page).toHaveURL(/\/journal\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
  });

  test("a word still being typed finds its whole forms; a filter by kind keeps only articles", async ({ page }) => {
    await page.goto("/search?q=communa");
    await expect(page.getByRole("list", { name: "Results" }).getByRole("link", { name: article.title })).toBeVisible();

    await page.goto("/search?q=warning");
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("Kind").selectOption("article");
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/kind=article/);
    const results = page.getByRole("list", { name: "Results" });
    await expect(results.getByRole("link", { name: article.title })).toBeVisible();
    await expect(results.getByRole("link", { name: post.title })).toHaveCount(0);
    await expect(results.getByText("Journal article").first()).toBeVisible();
  });

  test("pages of results, a query that finds nothing, and one that is too long", async ({ page }) => {
    await page.goto("/search?q=peace");
    await expect(page.getByRole("status").first()).toHaveText(/Page 1 of \d+/);
    const first = await page.getByRole("list", { name: "Results" }).getByRole("link").allTextContents();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("status").first()).toHaveText(/Page 2 of \d+/);
    const second = await page.getByRole("list", { name: "Results" }).getByRole("link").allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((title) => first.includes(title))).toEqual([]);
    await expect(page.getByRole("link", { name: "Previous page" })).toBeVisible();

    await page.goto("/search?q=zzxqvbnonsense");
    await expect(page.getByText("Nothing on the site matches “zzxqvbnonsense”")).toBeVisible();

    const reply = await page.goto(`/search?q=${"a".repeat(300)}`);
    expect(reply?.status()).toBe(400);
    await expect(page.getByText("A search can be at most 200 characters long.")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the header's box and the filters work as plain forms", async ({ page }) => {
      await page.goto("/about");
      const box = page.getByRole("search").getByRole("searchbox", { name: "Search the site" });
      await box.fill("communal violence");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?q=communal\+violence/);
      await expect(
        page.getByRole("list", { name: "Results" }).getByRole("link", { name: article.title }),
      ).toBeVisible();
      await page.getByText("Filters", { exact: true }).click();
      await page.getByLabel("Kind").selectOption("post");
      await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/kind=post/);
      await expect(page.getByRole("link", { name: article.title })).toHaveCount(0);
    });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("the first results are on the first screen, the filters folded after them", async ({ page }) => {
      await page.goto("/search?q=peace");
      const results = page.getByRole("list", { name: "Results" });
      const first = results.getByRole("listitem").first();
      await expect(first).toBeInViewport();
      const filters = page.getByText("Filters", { exact: true });
      const kind = page.getByLabel("Kind");
      await expect(kind).toBeHidden();
      expect((await filters.boundingBox())!.y).toBeGreaterThan((await results.boundingBox())!.y);
      // Unfolded, a filter applies and stays shown with the results it chose.
      await filters.tap();
      await kind.selectOption("article");
      await page.getByRole("button", { name: "Apply filters" }).tap();
      await expect(page).toHaveURL(/[?&]q=peace&kind=article/);
      await expect(kind).toHaveValue("article");
      await expect(page.getByText("Filters (1 in use)")).toBeVisible();
      await expect(results.getByText("Journal article").first()).toBeInViewport();
    });

    test("the menu's search box reaches the results", async ({ page }) => {
      await page.goto("/");
      await page.getByLabel("Menu").click();
      const nav = page.getByRole("navigation", { name: "Mobile" });
      const box = nav.getByRole("searchbox", { name: "Search the site" });
      await box.fill("early warning");
      await nav.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/search\?q=early\+warning/);
      await expect(page.getByRole("list", { name: "Results" }).getByRole("link", { name: post.title })).toBeVisible();
    });
  });
});
