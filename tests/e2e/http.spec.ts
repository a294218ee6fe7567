import { expect, test } from "@playwright/test";

test.describe("HTTP behaviour", () => {
  test("every public page answers 200", async ({ request }) => {
    for (const path of ["/", "/about", "/posts", "/posts?page=2", "/journals", "/admision", "/programmes"]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test("pages are compressed; built assets are cached for good; uploads have their type and nosniff", async ({ request }) => {
    const page = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers()["content-type"]).toContain("text/html");
    expect(page.headers()["x-content-type-options"]).toBe("nosniff");
    expect(page.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(page.headers()["x-frame-options"]).toBe("SAMEORIGIN");

    const html = await page.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html) ?? /href="(\/assets\/[^"]+\.js)"/.exec(html);
    expect(script).not.toBeNull();
    const asset = await request.get(script![1]);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-type"]).toContain("text/javascript");

    const image = /src="(\/uploads\/[^"]+\.webp)"/.exec(html);
    expect(image).not.toBeNull();
    const upload = await request.get(image![1]);
    expect(upload.status()).toBe(200);
    expect(upload.headers()["content-type"]).toBe("image/webp");
    expect(upload.headers()["cache-control"]).toContain("max-age=31536000");
    expect(upload.headers()["x-content-type-options"]).toBe("nosniff");

    const again = await request.get(image![1], { headers: { "If-None-Match": upload.headers().etag } });
    expect(again.status()).toBe(304);
  });

  test("uploads cannot be used to read files outside the uploads folder", async ({ request }) => {
    for (const path of ["/uploads/../pglite/server.lock", "/uploads/%2e%2e/pglite/server.lock", "/uploads/..%2fpglite%2fserver.lock"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
  });

  test("/healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  });
});
