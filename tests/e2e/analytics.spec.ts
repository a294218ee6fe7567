import { demoJournals } from "../../app/demo/content";
import { expect, test } from "./fixtures";

/**
 * The Analytics tab (issue 35) on the demo site's year of readership: charts drawn on the server
 * (so they show before the scripts, and without them), the numbers behind them in tables, the period
 * chosen with links and a plain GET form; and the privacy page the footer links to.
 */
test.describe("the Analytics tab", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the demo's figures in charts and tables, by month and by day", async ({ adminPage: page }) => {
    // Three pages of the dashboard and a sign-in: more than the default time on a busy machine.
    test.slow();
    await page.goto("/dashboard?tab=analytics&period=12m");
    await expect(page.getByRole("heading", { name: "Analytics", level: 2 })).toBeVisible();
    await expect(page.getByText(/^Last 12 months \(/)).toBeVisible();
    // The totals, every one read from the demo's year.
    const pageViews = page.getByRole("definition").first();
    expect(Number((await pageViews.innerText()).replace(/,/g, ""))).toBeGreaterThan(1000);
    await expect(page.getByText(/^Robots and crawlers: [\d,]+ requests/)).toBeVisible();

    // The chart over time is an SVG drawn with two lines; its numbers are one table row a month.
    const overTime = page.getByRole("region", { name: "Views and downloads by month" });
    await expect(overTime.locator("svg path")).toHaveCount(3); // the shaded views, their line, the downloads
    await overTime.getByText("The numbers by month").click();
    const months = overTime.getByRole("table", { name: "Page views and downloads by month" });
    await expect(months.getByRole("row")).toHaveCount(13);

    // The most read articles are the demo's, with their bars; the issues side by side.
    const articles = page.getByRole("table", { name: "Most read articles" });
    const titles = await articles.getByRole("link").allInnerTexts();
    expect(titles.length).toBeGreaterThanOrEqual(5);
    for (const title of titles) expect(demoJournals.map((j) => j.title)).toContain(title);
    await expect(articles.locator("svg rect").first()).toBeVisible();
    const issues = page.getByRole("table", { name: "The journal's issues side by side" });
    await expect(issues.getByRole("cell", { name: "Vol. 1 No. 1 (2024)" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Most read posts" }).getByRole("link").first()).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Most read pages" }).getByRole("cell", { name: "Home page" }),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Where readers came from" })).toContainText("scholar.google.com");
    await expect(page.getByText(/^Not known: the site finds a reader's country/)).toBeVisible();

    // By day: the last 7 days, then chosen dates (a wrong pair is told at its field).
    await page.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
    await page.getByText("The numbers by day").click();
    await expect(page.getByRole("table", { name: "Page views and downloads by day" }).getByRole("row")).toHaveCount(8);
    await page.getByLabel("From", { exact: true }).fill("2026-03-10");
    await page.getByLabel("To", { exact: true }).fill("2026-03-01");
    await page.getByRole("button", { name: "Show these dates" }).click();
    await expect(page.getByText("The last day is before the first")).toBeVisible();
  });

  test("an article's page shows its COUNTER totals, and the footer links to what is counted", async ({ page }) => {
    await page.goto("/journals");
    await page.getByRole("link", { name: demoJournals[0].title }).first().click();
    const info = page.getByRole("region", { name: "Article information" });
    const figure = info.locator("dt", { hasText: "Views and downloads" }).locator("xpath=following-sibling::dd");
    expect(Number((await figure.innerText()).replace(/,/g, ""))).toBeGreaterThan(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page.getByRole("heading", { name: "What we count, and what we keep", level: 1 })).toBeVisible();
    await expect(page.getByText("No cookie for reading.")).toBeVisible();
  });
});
