import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";

import { demoJournals, demoPosts, demoSiteLinks } from "../../app/demo/content";
import { checkStructuredData, type StructuredType } from "../support/structured-data";
import { demoJournal, demoPost } from "./a11y";
import { expect, login, test, uniqueName } from "./fixtures";

/**
 * Social cards and structured data on every public page kind, as a crawler or a social network
 * reads them from the rendered HTML (issue 22); noindex on the pages that are not for indexers.
 */

type Head = {
  title: string;
  tags: Record<string, string[]>;
  canonical: string[];
  jsonLd: string[];
};

/** The page's <head> as a crawler reads it: the HTML as served, before any script runs. */
async function headOf(page: Page, path: string): Promise<Head> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  await page.setContent(await response.text(), { waitUntil: "commit" });
  return page.evaluate(() => {
    const tags: Record<string, string[]> = {};
    for (const meta of document.querySelectorAll("head meta")) {
      const key = meta.getAttribute("property") ?? meta.getAttribute("name");
      if (key) (tags[key] ??= []).push(meta.getAttribute("content") ?? "");
    }
    return {
      title: document.title,
      tags,
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute("href") ?? ""),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ""),
    };
  });
}

const one = (head: Head, key: string) => {
  expect(head.tags[key], key).toHaveLength(1);
  return head.tags[key][0];
};

/** An image a network fetches: 200, an image type; returns its size. */
async function imageAt(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"], url).toMatch(/^image\/(jpeg|png)$/);
  const { width, height } = await sharp(await response.body()).metadata();
  return { width, height };
}

/** What every indexed page has; returns the types of its one JSON-LD document's nodes (none: []). */
async function checkCard(page: Page, path: string, canonicalPath = path.split("?")[0]): Promise<StructuredType[]> {
  const head = await headOf(page, path);
  const base = test.info().project.use.baseURL!;
  expect(head.canonical, path).toEqual([new URL(canonicalPath, base).href]);
  expect(one(head, "og:url")).toBe(head.canonical[0]);
  for (const key of ["og:title", "og:description", "og:site_name", "description", "twitter:title", "og:image:alt"])
    expect(one(head, key), `${path} ${key}`).toMatch(/\S/);
  expect(one(head, "twitter:card")).toBe("summary_large_image");
  expect(one(head, "og:locale")).toBe("en_GB");
  const image = one(head, "og:image");
  expect(image).toMatch(/^https?:\/\//);
  expect(one(head, "twitter:image")).toBe(image);
  expect(await imageAt(page.request, image)).toEqual({ width: 1200, height: 630 });
  expect(head.tags.robots, path).toBeUndefined();
  expect(head.jsonLd.length, `${path}: at most one JSON-LD block`).toBeLessThanOrEqual(1);
  return head.jsonLd.length ? checkStructuredData(JSON.parse(head.jsonLd[0])) : [];
}

test.describe("social cards and structured data", () => {
  test("the home page, the section pages and the lists", async ({ page }) => {
    expect(await checkCard(page, "/?utm_source=newsletter&fbclid=abc", "/")).toEqual(["ResearchOrganization"]);
    const home = await headOf(page, "/");
    expect(home.title).toBe(demoSiteLinks.name);
    expect(one(home, "og:image")).toMatch(/\/social-card\.png$/);
    // The centre, with its profiles elsewhere, its address and its university from the settings.
    const centre = JSON.parse(home.jsonLd[0]);
    expect(centre.sameAs).toEqual(demoSiteLinks.socialLinks.map((l) => l.href).filter((h) => /^https?:/.test(h)));
    expect(centre.address.streetAddress).toBe(demoSiteLinks.address);
    expect(centre.parentOrganization).toEqual({ "@type": "CollegeOrUniversity", name: demoSiteLinks.university });
    for (const path of ["/about", "/posts", "/journals", "/admision", "/programmes"])
      expect(await checkCard(page, path), path).toEqual([]);
    expect(await checkCard(page, "/posts?page=2", "/posts?page=2")).toEqual([]);
  });

  test("a post with an image: its own 1200x630 JPEG, article times, a NewsArticle", async ({ page }) => {
    const path = (await demoPost(page)).page;
    expect(await checkCard(page, path)).toEqual(["NewsArticle", "BreadcrumbList"]);
    const head = await headOf(page, path);
    expect(head.title).toBe(`${demoPosts[0].title} | ${demoSiteLinks.shortName}`);
    expect(one(head, "og:type")).toBe("article");
    expect(one(head, "og:image")).toMatch(/\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}-og\.jpg$/);
    expect(one(head, "og:image:type")).toBe("image/jpeg");
    expect(new Date(one(head, "article:published_time")).toISOString()).toBe(one(head, "article:published_time"));
    expect(one(head, "article:modified_time")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(one(head, "article:section")).toMatch(/\S/);
    const article = JSON.parse(head.jsonLd[0])["@graph"][0];
    expect(article.headline).toBe(demoPosts[0].title);
    expect(article.image).toEqual([one(head, "og:image")]);
    // The page as a visitor opens it: the JSON-LD block in its head breaks no Content-Security-Policy.
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(path);
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
    expect(refused).toEqual([]);
  });

  test("a journal article, the archive, an issue and a department", async ({ page }) => {
    const articlePath = (await demoJournal(page)).page;
    expect(await checkCard(page, articlePath)).toEqual(["ScholarlyArticle", "BreadcrumbList"]);
    // Google Scholar's tags stay beside the cards.
    expect(one(await headOf(page, articlePath), "citation_title")).toBe(demoJournals[0].title);

    expect(await checkCard(page, "/journals/issues")).toEqual(["BreadcrumbList"]);
    await page.goto("/journals/issues");
    const issuePath = await page.locator('a[href^="/journals/issue/"]').first().getAttribute("href");
    expect(await checkCard(page, issuePath!)).toEqual(["BreadcrumbList"]);

    await page.goto("/programmes");
    const departmentPath = await page.locator('a[href^="/programmes/"]').first().getAttribute("href");
    expect(await checkCard(page, departmentPath!)).toEqual(["BreadcrumbList"]);
    // The department's other address names the same canonical page.
    expect(await checkCard(page, departmentPath!.replace("/programmes/", "/journals/"), departmentPath!)).toEqual([
      "BreadcrumbList",
    ]);
  });

  test("a post without an image has the site's card; its words cannot end the JSON-LD block", async ({
    page,
    admin,
  }) => {
    await login(page, admin);
    const title = `Results are out </script><script>window.__injected = 1</script> ${uniqueName("t")}`;
    const created = await page.request.post("/api/post/create", {
      data: {
        title,
        category: "exams",
        content: "<p>Every result of the session.</p>",
        excerpt: "The session's results, in short.",
        status: "draft",
      },
    });
    expect(created.status()).toBe(201);
    const { slug, post } = await created.json();
    expect(post.excerpt).toBe("The session's results, in short.");
    // A draft: only its admin sees the page (a visitor's crawler never does).
    const head = await headOf(page, `/post/${slug}`);
    expect(one(head, "og:image")).toMatch(/\/social-card\.png$/);
    expect(await imageAt(page.request, one(head, "og:image"))).toEqual({ width: 1200, height: 630 });
    expect(one(head, "description")).toBe("The session's results, in short.");
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).not.toContain("</script>");
    const graph = JSON.parse(head.jsonLd[0])["@graph"];
    expect(graph[0].headline).toBe(title.length > 110 ? expect.any(String) : title);
    expect(checkStructuredData(JSON.parse(head.jsonLd[0]))).toEqual(["NewsArticle", "BreadcrumbList"]);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  });
});

test.describe("pages not for indexers", () => {
  test("sign-in, sign-up, the account mail pages, two-factor, setup, the dashboard and a missing page say noindex", async ({
    page,
  }) => {
    for (const path of [
      "/signin",
      "/signup",
      "/forgot-password",
      "/reset-password",
      "/verify-email",
      "/signin/two-factor",
      "/setup",
      "/dashboard",
      "/create-post",
      "/no-such-page",
    ]) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]'), `${path} → ${page.url()}`).toHaveAttribute(
        "content",
        /noindex/,
      );
      expect(await page.locator('link[rel="canonical"]').count(), path).toBe(0);
    }
  });

  test("a preview link says noindex, nofollow", async ({ page, admin }) => {
    await login(page, admin);
    const base = test.info().project.use.baseURL!;
    const reply = await page.request.post("/preview", {
      form: { previewKind: "post", title: "Not yet", category: "exams", content: "<p>Soon.</p>" },
      headers: { Origin: new URL(base).origin },
      maxRedirects: 0,
    });
    expect(reply.status()).toBe(302);
    await page.goto(reply.headers().location);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  });
});

test("favicon.ico, app icons and the web manifest", async ({ request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
  // An ICO header: reserved 0, type 1 (icon), at least one image.
  const bytes = await favicon.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  expect(await imageAt(request, "/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
  const manifest = await request.get("/site.webmanifest");
  expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const { icons, name } = await manifest.json();
  expect(name).toMatch(/\S/);
  for (const icon of icons.filter((i: { type: string }) => i.type === "image/png")) {
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(await imageAt(request, icon.src)).toEqual({ width, height });
  }
});

test("an editor writes a post's excerpt: counted as typed, shown to search engines, there when edited again", async ({
  adminPage: page,
}) => {
  const title = `Fees notice ${uniqueName("x")}`;
  await page.goto("/create-post");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("fees");
  await page.getByLabel("Status").selectOption("draft");
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("The long text of the notice, which search engines would otherwise quote.");
  const excerpt = page.getByLabel("Excerpt");
  await expect(page.getByText("0 of 300 characters")).toBeVisible();
  await excerpt.fill("Fees are due on the first of the month.");
  await expect(page.getByText("39 of 300 characters")).toBeVisible();
  // No more than the field holds can be typed.
  expect(await excerpt.getAttribute("maxlength")).toBe("300");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page).toHaveURL(/\/post\//);
  const path = new URL(page.url()).pathname;
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Fees are due on the first of the month.",
  );
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    "Fees are due on the first of the month.",
  );

  // Edited again: the editor shows it as saved.
  await page.getByRole("link", { name: "Edit this post", exact: true }).click();
  await expect(page.getByLabel("Excerpt")).toHaveValue("Fees are due on the first of the month.");
  await page.getByLabel("Excerpt").fill("Fees are due on the fifth.");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Fees are due on the fifth.");
});
