import { expect, test } from "./fixtures";

test.describe("home page", () => {
  test("shows every block in SPEC.md's order, from the demo data", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    const hero = page.locator("main section").first();
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Research that builds lasting peace");
    await expect(hero.getByRole("link", { name: "Browse Our Journals" })).toHaveAttribute("href", "/journals");

    // Block order: hero, about teaser, leaders, focus, welcome, how to apply, news, call to action.
    const headings = await page.locator("main h2").allTextContents();
    const order = [
      "About the Centre",
      "Area of Focus",
      "Director's Welcome Message",
      "How to submit",
      "News and Stories",
    ];
    const positions = order.map((h) => headings.findIndex((text) => text.includes(h)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    await expect(page.getByRole("link", { name: /Learn more about the Centre/ })).toHaveAttribute("href", "/about");
    const leaders = page.getByRole("list", { name: "Leadership" });
    await expect(leaders).toContainText("Professor Adaeze Okonkwo");
    await expect(leaders).toContainText("Professor Samuel Mensah");

    for (const theme of [
      "Peace Studies",
      "Security Studies",
      "Policy & Governance",
      "Development & Security Nexus",
      "Regional Case Studies",
      "International Relations",
      "Emerging Issues",
    ]) {
      await expect(page.locator("#focus").getByRole("heading", { name: theme, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /Journal Requirements/ })).toHaveAttribute("href", "/journals");

    await expect(page.locator("#welcome blockquote")).toContainText("Welcome to the Centre");
    await expect(page.locator("#how-to-apply li")).toHaveCount(3);
    await expect(page.getByRole("link", { name: /View all Requirements/ })).toHaveAttribute("href", "/admision");

    const news = page.locator("#news article");
    await expect(news).toHaveCount(3);
    await expect(news.first().getByRole("link", { name: /Read more/ })).toHaveAttribute("href", /^\/post\//);

    const cta = page.getByRole("heading", { name: /Submit your paper/ }).locator("..");
    await expect(cta.getByRole("link", { name: "journal@cpscr.lakeland.example.edu" })).toHaveAttribute(
      "href",
      "mailto:journal@cpscr.lakeland.example.edu",
    );
    await expect(cta.getByRole("link", { name: "editor@cpscr.lakeland.example.edu" })).toBeVisible();
  });

  test("news cards open the post", async ({ page }) => {
    // The newest post may be another spec's, deleted between the list and the click: then again.
    await expect(async () => {
      await page.goto("/");
      const first = page.locator("#news article").first();
      const title = await first.getByRole("heading").textContent();
      await first.getByRole("heading").getByRole("link").click();
      await expect(page).toHaveURL(/\/post\//);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!, { timeout: 5_000 });
    }).toPass();
  });
});
