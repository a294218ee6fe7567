import { renderPdf } from "../../app/demo/pdf.server";
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
  const pdf = renderPdf([{ text: title, style: "title" }], { title, author: "E2E" });
  const upload = await adminPage.request.post("/api/uploads?purpose=pdf", {
    data: pdf,
    headers: { "X-File-Name": "readership.pdf" },
  });
  expect(upload.status()).toBe(201);
  const created = await adminPage.request.post("/api/journal/create", {
    data: { filename: title, details: `<p>${title}</p>`, file: (await upload.json()).url, status: "published" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug, journal } = await created.json();

  const today = new Date().toISOString().slice(0, 10);
  const viewsToday = async () => {
    await adminPage.goto("/dashboard?tab=analytics&period=7d");
    const table = adminPage.getByRole("table", { name: "Page views and downloads by day" });
    const row = table.getByRole("row").filter({ has: adminPage.getByRole("cell", { name: today }) });
    if ((await row.count()) === 0) return 0;
    return Number((await row.getByRole("cell").nth(1).innerText()).replace(/,/g, ""));
  };
  const before = await viewsToday();

  const reader = await browser.newContext({
    userAgent: A_PERSON,
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(11) },
  });
  const hosts = new Set<string>();
  reader.on("request", (request) => hosts.add(new URL(request.url()).host));
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
  await expect(async () => expect(await viewsToday()).toBeGreaterThanOrEqual(before + 3)).toPass({
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
