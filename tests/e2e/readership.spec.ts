import { publishedArticle } from "../support/e2e-articles";
import { expect, newClientAddress, test, uniqueName } from "./fixtures";

const A_PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * Readership as a visitor meets it (issue 35): reading pages, an article and its PDF sets no cookie
 * and sends nothing to another host; a minute later the reads are in the Analytics tab's table and
 * on the article's page.
 */
test("a visitor's reads set no cookie, go to no other host, and show in the Analytics tab", async ({
  adminPage,
  browser,
  baseURL,
}) => {
  // The settle time (40 s in the e2e server), a summing pass (15 s) and the page loads.
  test.setTimeout(240_000);
  const title = `Readership article ${uniqueName("r")}`;
  const { slug, journal } = await publishedArticle(adminPage.request, title, "readership.pdf");

  // The tab's page views over the last 7 days, in its totals and in the chart's table (today last).
  const viewsNow = async () => {
    const opened = await adminPage.goto("/dashboard?tab=analytics&period=7d");
    // The tab says how long its figures took (the browser's developer tools show it).
    expect(opened?.headers()["server-timing"]).toMatch(/^tab;desc="analytics";dur=\d+\.\d$/);
    const total = adminPage.locator("dt", { hasText: /^Page views$/ }).locator("xpath=following-sibling::dd");
    const overTime = adminPage.getByRole("region", { name: "Views and downloads by day" });
    await expect(overTime.locator("svg path").first()).toBeVisible();
    await overTime.getByText("The numbers by day").click();
    const days = overTime.getByRole("table", { name: "Page views and downloads by day" }).getByRole("row");
    const number = async (text: Promise<string>) => Number((await text).replace(/,/g, ""));
    return {
      total: await number(total.innerText()),
      today: await number(days.last().getByRole("cell").nth(1).innerText()),
    };
  };
  const before = await viewsNow();

  const reader = await browser.newContext({
    userAgent: A_PERSON,
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(11) },
  });
  const hosts = new Set<string>();
  // Requests to the network: Chromium's own PDF viewer loads its parts from chrome-extension:// and chrome://.
  reader.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") hosts.add(url.host);
  });
  const page = await reader.newPage();
  await page.goto("/");
  await page.goto("/journals");
  await page.goto(`/journal/${slug}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).first().click();
  await (await download).cancel();
  await page.waitForLoadState("networkidle");
  expect(await reader.cookies(), "cookies a reader was given").toEqual([]);
  expect([...hosts]).toEqual([new URL(baseURL!).host]);
  await reader.close();

  // Three pages read (the home page, the journal, the article) and the PDF: the tab's day grows by
  // at least the three page views (other tests read meanwhile too), and the article's page shows
  // its two Investigations (the page and the PDF) and one Request.
  await expect(async () => {
    const now = await viewsNow();
    expect(now.total).toBeGreaterThanOrEqual(before.total + 3);
    expect(now.today).toBeGreaterThanOrEqual(before.today + 3);
  }).toPass({
    timeout: 150_000,
    intervals: [5_000],
  });
  const figures = async () => {
    // As a robot, signed in: never counted, never the page cache's copy.
    const html = await (
      await adminPage.request.get(`/journal/${slug}`, { headers: { "User-Agent": "Googlebot/2.1" } })
    ).text();
    const fact = (term: string) =>
      Number(new RegExp(`<dt[^>]*>${term}</dt><dd[^>]*>([\\d,]+)</dd>`).exec(html)?.[1]?.replace(/,/g, "") ?? NaN);
    return { investigations: fact("Views and downloads"), requests: fact("Downloads") };
  };
  await expect(async () => expect(await figures()).toEqual({ investigations: 2, requests: 1 })).toPass({
    timeout: 60_000,
  });
  expect((await adminPage.request.delete(`/api/journal/deletejournal/${journal._id}/x`)).status()).toBe(200);
});
