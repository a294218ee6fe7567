import { expect, test } from "./fixtures";

test.describe("HTTP behaviour", () => {
  test("every public page answers 200", async ({ request }) => {
    for (const path of [
      "/",
      "/about",
      "/posts",
      "/posts?page=2",
      "/journals",
      "/admision",
      "/programmes",
      "/search?q=peace",
    ]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test("pages are compressed; built assets are cached for good; uploads have their type and nosniff", async ({
    request,
  }) => {
    const page = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers()["content-type"]).toContain("text/html");
    expect(page.headers()["x-content-type-options"]).toBe("nosniff");
    expect(page.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(page.headers()["x-frame-options"]).toBe("SAMEORIGIN");

    const html = await page.text();
    const script = /(\/assets\/[\w.-]+\.js)/.exec(html);
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
    for (const path of [
      "/uploads/../pglite/server.lock",
      "/uploads/%2e%2e/pglite/server.lock",
      "/uploads/..%2fpglite%2fserver.lock",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
  });

  test("/healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  });

  test("odd requests get 4xx answers a person can read, never a 500", async ({ request }) => {
    const post = await request.post("/", { form: { x: "1" } });
    expect(post.status()).toBe(405);
    expect(await post.text()).toContain("This page cannot receive form submissions.");
    for (const path of ["/post/%00", "/journal/%00", "/posts?page=9999", "/journals/%E0%A4%A"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const theme = await request.post("/theme", { data: "{}", headers: { "Content-Type": "application/json" } });
    expect(theme.status()).toBe(400);
  });

  test("the theme switch never redirects to another site", async ({ request }) => {
    for (const target of ["//evil.com", "/\\evil.com", "/\t/evil.com", "https://evil.com"]) {
      const response = await request.post("/theme", { form: { theme: "dark", redirectTo: target }, maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      expect(response.headers().location, target).toBe("/");
    }
  });

  test("a byte range of an asset is sent as stored, not compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /(\/assets\/[\w.-]+\.js)/.exec(html);
    const response = await request.get(script![1], { headers: { Range: "bytes=0-99", "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(206);
    expect(response.headers()["content-encoding"]).toBeUndefined();
    expect((await response.body()).length).toBe(100);
  });
});
