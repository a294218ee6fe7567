import { expect, test } from "./fixtures";

/** Every image on the public pages reserves its space, offers resized copies, and waits below the fold. */
test("public pages: images have width, height and srcset; only the top image loads eagerly", async ({
  page,
  request,
}) => {
  const post = (await (await request.get("/api/post/getposts?limit=1")).json()).posts[0];
  const department = (await (await request.get("/api/departments/getdepart")).json())[0];
  const pages = [
    "/",
    "/about",
    "/posts",
    `/post/${post.slug}`,
    "/journals",
    "/admision",
    "/programmes",
    `/programmes/${department._id}`,
  ];
  let checked = 0;
  for (const address of pages) {
    await page.goto(address);
    const images = await page.locator("main img, body > div img").evaluateAll((nodes) =>
      nodes.map((img) => ({
        src: img.getAttribute("src") ?? "",
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        srcset: img.getAttribute("srcset") ?? "",
        loading: img.getAttribute("loading"),
        top: img.getBoundingClientRect().top + window.scrollY,
      })),
    );
    const viewport = page.viewportSize()!.height;
    for (const image of images) {
      expect(image.width, `${address} ${image.src}`).not.toBeNull();
      expect(image.height, `${address} ${image.src}`).not.toBeNull();
      if (image.src.startsWith("/uploads/")) expect(image.srcset, `${address} ${image.src}`).toMatch(/\d+w/);
      // Far below the first screen: lazy.
      if (image.top > viewport * 1.5) expect(image.loading, `${address} ${image.src}`).toBe("lazy");
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(10);
});
