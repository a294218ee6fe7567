import { demoJournals } from "../../app/demo/content";
import { demoJournal } from "./a11y";
import { expect, showAllCards, test } from "./fixtures";

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
    // Other specs publish and delete articles meanwhile: Show More is pressed until it goes, and the
    // demo's articles are looked for, not counted against the total.
    await showAllCards(page, cards);
    const titles = await cards.getByRole("heading").allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toEqual(expect.arrayContaining(demoJournals.map((journal) => journal.title)));
  });

  test("a journal article page: title, details, a working PDF download and a preview", async ({ page }) => {
    // A demo article, which has an abstract (the newest may be another spec's, without one).
    const title = demoJournals[0].title;
    await page.goto((await demoJournal(page)).page);
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
