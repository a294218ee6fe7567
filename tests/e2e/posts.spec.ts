import { demoPosts } from "../../app/demo/content";
import { demoPost } from "./a11y";
import { expect, showAllCards, test } from "./fixtures";

// Other specs publish and delete posts while these run: the lists are read for how they page and for
// the demo's posts, never for how many posts there are.
const demoTitles = demoPosts.map((post) => post.title);

test.describe("news", () => {
  test("/posts shows 9 cards, Show More appends the next ones until there are no more, then hides", async ({
    page,
  }) => {
    await page.goto("/posts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("News and Stories");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(9);
    await showAllCards(page, cards);
    await expect(page).toHaveURL(/\/posts$/);
    const titles = await cards.locator("h2").allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toEqual(expect.arrayContaining(demoTitles));

    const card = cards.filter({ hasText: demoPosts[0].title });
    await expect(card.getByRole("img")).toHaveCount(0); // the image link is hidden from assistive tech
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\//);
    await expect(card.getByText(/^(News|Fees|Course|Exams)$/)).toBeVisible();
    // Excerpts are text with tags stripped.
    expect(await card.locator("p.line-clamp-3").textContent()).not.toContain("<");
  });

  test("a post: hero 450px high, content, related articles of its category excluding itself", async ({ page }) => {
    // A demo post, which has a text and others of its category (the newest may be another spec's).
    await page.goto((await demoPost(page)).page);
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    const hero = page.locator("article > header");
    expect((await hero.boundingBox())?.height).toBe(450);
    const category = await hero.locator("span").first().textContent();
    await expect(page.locator(".rich-text p").first()).toBeVisible();

    const related = page.locator("section[aria-labelledby=related-title] article");
    await expect(page.getByRole("heading", { name: "Related Articles" })).toBeVisible();
    expect(await related.count()).toBeGreaterThan(0);
    for (const text of await related.locator("h3").allTextContents()) expect(text).not.toBe(title);
    for (const label of await related.locator("span.rounded-full").allTextContents()) expect(label).toBe(category);
    await expect(related.first().getByRole("link", { name: /Read more/ })).toHaveAttribute("href", /^\/post\//);
    // Three to a row on a desktop.
    const boxes = await related.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    if (boxes.length >= 2) expect(boxes[1]).toBe(boxes[0]);
  });

  test("a post's title and its text share one left edge and one width, on a desktop and a phone", async ({ page }) => {
    const address = (await demoPost(page)).page;
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(address);
      const column = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const box = el.parentElement!.getBoundingClientRect();
          const padding = parseFloat(getComputedStyle(el.parentElement!).paddingLeft);
          return { left: el.getBoundingClientRect().left, width: box.width - 2 * padding };
        });
      const title = await column("main h1");
      const text = await column("main .rich-text");
      expect(title.left, `${viewport.width} px`).toBeCloseTo(text.left, 0);
      expect(title.width, `${viewport.width} px`).toBeCloseTo(text.width, 0);
    }
  });

  test("a missing post is a 404 that says so and offers search and the news list", async ({ page }) => {
    const response = await page.goto("/post/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post not found");
    await expect(page).toHaveTitle(/^Post not found \| /);
    await expect(page.getByText("We could not find that post.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse all news" })).toHaveAttribute("href", "/posts");
    await page.getByRole("searchbox", { name: "Find what you were looking for" }).fill("peace");
    await page.getByRole("searchbox", { name: "Find what you were looking for" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=peace$/);
  });

  test("/blog/{slug} redirects permanently to /post/{slug}", async ({ page, request }) => {
    const slug = (await demoPost(page)).page.replace("/post/", "");
    const response = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/post/${slug}`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home renders every block, news included", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Research that builds lasting peace");
    await expect(page.locator("#news article")).toHaveCount(3);
    await expect(page.locator("#focus li")).toHaveCount(8);
  });

  test("/posts: Show More is a link to the next page, which starts after the last post shown", async ({ page }) => {
    await page.goto("/posts");
    const titles = () => page.locator("main article h2").allTextContents();
    await expect(page.locator("main article")).toHaveCount(9);
    const seen = await titles();
    const more = page.getByRole("link", { name: "Show More" });
    for (let next = 2; (await more.count()) > 0; next++) {
      expect(next, "Show More ends").toBeLessThan(20);
      const address = new RegExp(`/posts\\?page=${next}&after=[0-9a-f-]{36}$`);
      await expect(more).toHaveAttribute("href", new RegExp(`^${address.source}`));
      await more.click();
      await expect(page).toHaveURL(address);
      const shown = await titles();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThanOrEqual(9);
      // None shown before: the page starts after the last one.
      expect(shown.filter((title) => seen.includes(title))).toEqual([]);
      seen.push(...shown);
    }
    expect(seen).toEqual(expect.arrayContaining(demoTitles));
  });

  test("the theme toggle works as a plain form", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("html")).toHaveClass(/dark/);
  });
});
