import { demoJournals } from "../../app/demo/content";
import { expect, test } from "./fixtures";

test.describe("journal articles", () => {
  test("/journals: heading from the home focus record, 9 cards, Show More, Download links", async ({ page }) => {
    await page.goto("/journals");
    // Before the list, the current issue's table of contents.
    await expect(page.getByRole("heading", { name: "Vol. 2 No. 2 (2025): Ten Years of Peace Research" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journal Articles");
    await expect(page.getByText("Peer-reviewed research from the Journal of Peace and Security Studies")).toBeVisible();
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(9);
    await expect(cards.first().getByRole("link", { name: /^Download/ })).toHaveAttribute("href", /^\/journal\//);
    await page.getByRole("link", { name: "Show More" }).click();
    await expect(cards).toHaveCount(demoJournals.length);
    await expect(page.getByRole("link", { name: "Show More" })).toHaveCount(0);
  });

  test("a journal article page: title, details, a working PDF download and a preview", async ({ page }) => {
    await page.goto("/journals");
    const first = page.locator("main article").first();
    const title = (await first.getByRole("heading").textContent())!;
    await first.getByRole("link", { name: /^Download/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: "Abstract" })).toBeVisible();
    const download = page.getByRole("link", { name: "Download PDF" });
    const href = (await download.getAttribute("href"))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await expect(page.locator(`object[data="${href.replace("&download", "")}"]`)).toBeAttached();
  });

  test("a missing journal article is a 404", async ({ page }) => {
    const response = await page.goto("/journal/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journal article not found");
  });
});
