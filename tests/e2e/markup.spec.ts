import { expect, test } from "./fixtures";

/**
 * Issue 31: the W3C checker refused the home and about pages for a `figcaption` inside a `div` of
 * its `figure`, and every page with a main image for its `elementtiming` attribute (not HTML). The
 * rules it applied, checked on the pages as served and as the browser built them.
 */
test.describe("markup the W3C checker accepts", () => {
  const pages = ["/", "/about", "/posts", "/journals", "/programmes"];

  test("a figure's caption is its own first or last child, and no image has elementtiming", async ({
    page,
    request,
  }) => {
    let captions = 0;
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/\selementtiming=/i);
      await page.goto(path);
      const found = await page.evaluate(() =>
        Array.from(document.querySelectorAll("figcaption")).map((caption) => {
          const figure = caption.parentElement;
          return {
            parent: figure?.tagName.toLowerCase(),
            // HTML's content model of <figure>: the caption comes first or last.
            firstOrLast: figure?.firstElementChild === caption || figure?.lastElementChild === caption,
            text: caption.textContent?.trim() ?? "",
          };
        }),
      );
      for (const caption of found) {
        expect(caption, `${path}: ${caption.text}`).toMatchObject({ parent: "figure", firstOrLast: true });
      }
      captions += found.length;
      expect(await page.locator("[elementtiming]").count(), path).toBe(0);
    }
    // The director's welcome on the home page and the messages on the about page have captions.
    expect(captions).toBeGreaterThanOrEqual(2);
  });
});
