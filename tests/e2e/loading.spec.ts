import { demoPost } from "./a11y";
import { expect, test } from "./fixtures";

/**
 * Decision 012: a reading page requests the app's JavaScript only after its first contentful paint
 * (Lighthouse otherwise counts the download in the paint), then hydrates; a page with text fields
 * starts it at once, so that nothing typed before hydration is lost.
 */
test.describe("when the JavaScript starts", () => {
  const readingPages = ["/", "/about", "/posts", "/journals", "/admision", "/programmes"];

  test("reading pages: nothing from /assets before the first contentful paint, then hydrated", async ({
    page,
    request,
  }) => {
    // A demo post (the newest may be another spec's, deleted meanwhile).
    const post = (await demoPost(page)).page;
    const department = await page
      .goto("/programmes")
      .then(() => page.locator(`main a[href^="/programmes/"]`).first().getAttribute("href"));
    for (const path of [...readingPages, post, department!]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('rel="modulepreload"');
      await page.goto(path);
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
          .map((entry) => entry.startTime),
        hydrated: document.querySelector<HTMLInputElement>('input[name="js"]')?.value === "1",
        // The main images on screen (PRIORITY_IMAGE): when each arrived.
        mainImages: Array.from(document.querySelectorAll<HTMLImageElement>("img[data-main-image]"))
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
          })
          .map(
            (img) =>
              (performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined)?.responseEnd ??
              0,
          ),
      }));
      expect(timing.scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.firstPaint!);
      // ...and after the page's main image, on screen, has arrived (and been painted).
      if (path === "/") expect(timing.mainImages.length, "the home page's hero").toBeGreaterThan(0);
      for (const arrived of timing.mainImages) expect(Math.min(...timing.scripts), path).toBeGreaterThan(arrived);
      expect(timing.hydrated, path).toBe(true);
    }
  });

  test("the account forms load their JavaScript at once", async ({ request }) => {
    for (const path of ["/signin", "/signup"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('rel="modulepreload"');
      expect(html, path).not.toContain("rr-deferred-module");
    }
  });
});
