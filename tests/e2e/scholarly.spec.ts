import { demoJournals } from "../../app/demo/content";
import { publishedArticle } from "../support/e2e-articles";
import { expect, newClientAddress, test, uniqueName } from "./fixtures";

type Listed = { _id: string; slug: string; filename: string };

/**
 * Every public article, through SPEC.md's list call, in its largest pages (50): other specs publish
 * and delete articles meanwhile, which would shift one across pages of 9.
 */
async function allArticles(request: import("@playwright/test").APIRequestContext): Promise<Listed[]> {
  const all: Listed[] = [];
  for (let start = 0; ; start += 50) {
    const page = (await (await request.get(`/api/journal/getjournals?startIndex=${start}&limit=50`)).json()) as {
      journals: Listed[];
      hasMore: boolean;
    };
    all.push(...page.journals);
    if (!page.hasMore) return all;
  }
}

const A_PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

test.describe("the journal for indexers and readers", () => {
  test("every article page carries Google Scholar's tags and schema.org JSON-LD", async ({ page }) => {
    test.setTimeout(180_000);
    // The demo journal's articles: other specs publish articles of their own meanwhile, some
    // without authors (which Scholar would not index, and the journal's editors would not publish).
    const titles = new Set(demoJournals.map((j) => j.title));
    const articles = (await allArticles(page.request)).filter((a) => titles.has(a.filename));
    expect(articles).toHaveLength(demoJournals.length);
    for (const listed of articles) {
      await page.goto(`/journal/${listed.slug}`);
      const tags = await page
        .locator("meta[name]")
        .evaluateAll((metas) => metas.map((m) => [m.getAttribute("name")!, m.getAttribute("content") ?? ""]));
      const all = (name: string) => tags.filter(([n]) => n === name).map(([, c]) => c);
      const one = (name: string) => all(name)[0];
      // Google Scholar's inclusion guidelines: title, at least one author, a date, the PDF on the same host.
      expect(one("citation_title"), listed.slug).toBe(listed.filename);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(listed.filename);
      expect(all("citation_author").length, listed.slug).toBeGreaterThan(0);
      expect(one("citation_publication_date")).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      expect(one("citation_journal_title")).toBe("Journal of Peace and Security Studies");
      expect(all("citation_issn").length).toBeGreaterThan(0);
      const pdfUrl = new URL(one("citation_pdf_url"));
      const pageUrl = new URL(one("citation_abstract_html_url"));
      expect(pdfUrl.host).toBe(pageUrl.host);
      expect(pdfUrl.pathname).toBe(`/journal/${listed.slug}/pdf`);
      const pdf = await page.request.get(pdfUrl.pathname);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      // Each author's institution comes right after that author.
      const authorRows = tags.filter(([n]) => n.startsWith("citation_author"));
      expect(authorRows[0][0]).toBe("citation_author");
      for (const [i, [name]] of authorRows.entries())
        if (name === "citation_author_institution") expect(authorRows[i - 1][0]).toMatch(/^citation_author(_orcid)?$/);
      expect(all("DC.title")).toEqual([listed.filename]);

      // The page's one JSON-LD document: the article and its breadcrumbs (issue 22).
      const [document] = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
      expect(document["@context"]).toBe("https://schema.org");
      const jsonLd = document["@graph"][0];
      expect(jsonLd["@type"]).toBe("ScholarlyArticle");
      expect(jsonLd.headline).toBe(listed.filename);
      expect(jsonLd.author.every((a: { "@type": string; name: string }) => a["@type"] === "Person" && a.name)).toBe(
        true,
      );
      expect(jsonLd.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}/);
      // In an issue: ScholarlyArticle → PublicationIssue → PublicationVolume → Periodical.
      const chain: string[] = [];
      for (let part = jsonLd.isPartOf; part; part = part.isPartOf) chain.push(part["@type"]);
      expect(chain.at(-1)).toBe("Periodical");
      if (one("citation_issue")) expect(chain).toEqual(["PublicationIssue", "PublicationVolume", "Periodical"]);
      // Authors' e-mail addresses are never on a public page.
      expect(await page.content()).not.toMatch(/[\w.+-]+@[\w-]+\.example\.edu/);
    }
  });

  test("How to cite: five styles from one click each, and BibTeX, RIS and CSL-JSON downloads", async ({ page }) => {
    const article = demoJournals.find((j) => j.title.startsWith("Policing by Consent"))!;
    const listed = (await allArticles(page.request)).find((j) => j.filename === article.title)!;
    await page.goto(`/journal/${listed.slug}`);
    const box = page.getByRole("region", { name: "How to cite" });
    await expect(box.locator('[data-style="apa"]')).toHaveText(
      "Eze, D., & Mensah, S. (2024). Policing by Consent: Trust in the Police after Community Policing Reforms. " +
        "Journal of Peace and Security Studies, 1(2), 1–20. https://doi.org/10.5555/jpss.v1i2.1",
    );
    await box.getByText("Vancouver").click();
    await expect(box.locator('[data-style="vancouver"]')).toContainText("Eze D, Mensah S.");
    const bib = await page.request.get(
      await box.getByRole("link", { name: "BibTeX" }).getAttribute("href").then(String),
    );
    expect(bib.headers()["content-type"]).toContain("application/x-bibtex");
    expect(await bib.text()).toMatch(/^@article\{/);
    const risHref = (await box.getByRole("link", { name: "RIS" }).getAttribute("href"))!;
    expect(await (await page.request.get(risHref)).text()).toContain("DO  - 10.5555/jpss.v1i2.1");
  });

  test("the archive leads to an issue's table of contents by section, and an article back to its issue", async ({
    page,
  }) => {
    await page.goto("/journals");
    await page.getByRole("link", { name: "All issues" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Archive");
    await page.getByRole("link", { name: /Vol\. 1 No\. 2 \(2024\): Borders and Mobility/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vol. 1 No. 2 (2024)");
    const sections = page.locator("main section[aria-label]");
    await expect(sections).toHaveText([/^Research Articles/, /^Review Articles/, /^Policy Briefs/]);
    await page.getByRole("link", { name: "Transitional Justice and Reconciliation after Insurgency" }).click();
    await expect(page.getByRole("link", { name: "Vol. 1 No. 2 (2024): Borders and Mobility" }).first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Authors" }).getByText("Joseph Tanko")).toBeVisible();
    // A forthcoming issue is not public yet.
    expect((await page.request.get("/journals/issue/3/1")).status()).toBe(404);
  });

  test("views and downloads count people once in 30 seconds, never robots", async ({ adminPage, browser }) => {
    test.setTimeout(240_000);
    // An article of this test's own: other tests read the demo's (which counts them too).
    const title = `Counted article ${uniqueName("c")}`;
    const { slug, journal } = await publishedArticle(adminPage.request, title, "counted.pdf");
    const path = `/journal/${slug}`;
    // Read as a robot, signed in: never counted itself, and never the page cache's copy.
    const counts = async () => {
      const html = await (
        await adminPage.request.get(path, {
          headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
        })
      ).text();
      const fact = (term: string) =>
        Number(new RegExp(`<dt[^>]*>${term}</dt><dd[^>]*>([\\d,]+)</dd>`).exec(html)?.[1]?.replace(/,/g, "") ?? NaN);
      return { views: fact("Views and downloads"), downloads: fact("Downloads") };
    };
    expect(await counts()).toEqual({ views: 0, downloads: 0 });
    const reader = await browser.newContext({
      userAgent: A_PERSON,
      extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(7) },
    });
    const readerPage = await reader.newPage();
    // Three loads of the page within 30 seconds are one view; the PDF opened is a download, and
    // COUNTER counts both as the article's Investigations.
    await readerPage.goto(path);
    await readerPage.reload();
    await readerPage.goto(path);
    const download = readerPage.waitForEvent("download");
    await readerPage.getByRole("link", { name: "Download PDF" }).first().click();
    await (await download).cancel();
    await reader.close();
    // A search engine's robot reads the page and the PDF: not a reader.
    const robot = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    await adminPage.request.get(path, { headers: robot });
    await adminPage.request.get(`${path}/pdf`, { headers: robot });
    // Summed once settled (40 s in the e2e server) by a pass every 15 s.
    await expect(async () => expect(await counts()).toEqual({ views: 2, downloads: 1 })).toPass({
      timeout: 150_000,
      intervals: [5_000],
    });
    expect((await adminPage.request.delete(`/api/journal/deletejournal/${journal._id}/x`)).status()).toBe(200);
  });
});
