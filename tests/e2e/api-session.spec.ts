import { expect, test, uniqueName } from "./fixtures";

/** A script that knows only the API: the cookie jar of Playwright's request context is its browser. */
test.describe("the JSON API, used by a script", () => {
  test("sign up, sign in, publish as an admin, page through posts, edit, delete, sign out", async ({
    admin: adminAccount,
    request,
  }) => {
    const username = uniqueName("script");
    const password = "script password 1";
    expect(
      (
        await request.post("/api/auth/signup", { data: { username, email: `${username}@example.edu`, password } })
      ).status(),
    ).toBe(201);

    const member = await request.post("/api/auth/signin", { data: { username, password } });
    expect(member.status()).toBe(200);
    // A member is signed in, but may not publish.
    const refused = await request.post("/api/post/create", { data: { title: "Not mine to publish" } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      statusCode: 403,
      message: "This call is for admins and editors only.",
    });
    expect((await request.post("/api/users/signout")).status()).toBe(200);

    const admin = await request.post("/api/auth/signin", {
      data: { username: adminAccount.username, password: adminAccount.password },
    });
    expect(admin.status()).toBe(200);
    const adminId = (await admin.json()).user._id as string;

    const titles = [1, 2, 3].map((n) => `Scripted bulletin ${n} ${uniqueName("b")}`);
    const created: { _id: string; slug: string }[] = [];
    for (const title of titles) {
      const reply = await request.post("/api/post/create", {
        data: { title, category: "exams", content: `<p>${title}</p>` },
      });
      expect(reply.status()).toBe(201);
      const body = await reply.json();
      expect(body).toMatchObject({ success: true, slug: expect.any(String), post: { title, category: "exams" } });
      created.push(body.post);
    }

    // Page through every post, 9 at a time, as the news listing does. Other specs publish and delete
    // posts meanwhile, which shifts the pages: a walk that one came in the middle of is walked again.
    await expect(async () => {
      const seen = new Map<string, string>();
      let total: number | undefined;
      for (let startIndex = 0; ; startIndex += 9) {
        const page = await (await request.get(`/api/post/getposts?startIndex=${startIndex}`)).json();
        total = page.total;
        for (const post of page.posts) {
          expect(seen.has(post._id), "no post appears twice").toBe(false);
          seen.set(post._id, post.title);
        }
        if (page.posts.length < 9) break;
      }
      expect(seen.size).toBe(total);
      for (const post of created) expect(seen.has(post._id)).toBe(true);
    }).toPass();

    // Edit: the whole post goes back with a new title; the address stays (SPEC-NOTES.md).
    const edited = await request.put(`/api/post/updatepost/${created[0]._id}/${adminId}`, {
      data: { ...created[0], title: `${titles[0]} (corrected)`, content: "<p>Corrected.</p>" },
    });
    expect(edited.status()).toBe(200);
    const editedBody = await edited.json();
    expect(editedBody.slug).toBe(created[0].slug);
    const bySlug = await (await request.get(`/api/post/getposts?slug=${editedBody.slug}`)).json();
    expect(bySlug.posts[0]).toMatchObject({
      _id: created[0]._id,
      title: `${titles[0]} (corrected)`,
      content: "<p>Corrected.</p>",
    });
    // The public page shows the edit too.
    expect(await (await request.get(`/post/${editedBody.slug}`)).text()).toContain("(corrected)");

    for (const post of created) {
      const removed = await request.delete(`/api/post/deletepost/${post._id}/${adminId}`);
      expect(removed.status()).toBe(200);
      expect((await (await request.get(`/api/post/getposts?postId=${post._id}`)).json()).posts).toEqual([]);
    }
    expect((await request.delete(`/api/post/deletepost/${created[0]._id}/${adminId}`)).status()).toBe(404);

    expect(await (await request.post("/api/users/signout")).json()).toEqual({ success: true, message: "Signed out" });
    expect((await request.post("/api/post/create", { data: { title: "After sign-out" } })).status()).toBe(401);
  });

  test("the OpenAPI document and its readable reference", async ({ request, page }) => {
    const document = await (await request.get("/api/openapi.json")).json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/api/post/updatepost/{postId}/{userId}");
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    const createPost = page.locator("#createPost");
    await expect(createPost).toContainText("/api/post/create");
    await expect(createPost.getByRole("table", { name: "JSON body" })).toContainText("title");
    await expect(createPost).toContainText("Admins and editors only");
  });

  test("the auth library's own endpoints are not open: only the site's calls apply its rules", async ({ request }) => {
    for (const [method, path] of [
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/admin/set-role"],
      ["POST", "/api/auth/delete-user"],
      ["POST", "/api/auth/admin/impersonate-user"],
      ["GET", "/api/auth/get-session"],
    ]) {
      const reply = await request.fetch(path, { method, data: {} });
      expect(reply.status(), path).toBe(404);
      expect((await reply.json()).success).toBe(false);
    }
  });

  test("other sites: refused unless CORS_ORIGINS lists them", async ({ request }) => {
    const allowed = "http://partner.example.test";
    const preflight = await request.fetch("/api/post/create", {
      method: "OPTIONS",
      headers: { Origin: allowed, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()["access-control-allow-origin"]).toBe(allowed);
    expect(preflight.headers()["access-control-allow-credentials"]).toBe("true");

    const stranger = await request.fetch("/api/post/create", {
      method: "OPTIONS",
      headers: { Origin: "http://evil.example.test", "Access-Control-Request-Method": "POST" },
    });
    expect(stranger.headers()["access-control-allow-origin"]).toBeUndefined();

    const forged = await request.post("/api/auth/signin", {
      data: { username: "x", password: "y" },
      headers: { Origin: "http://evil.example.test", "Sec-Fetch-Site": "cross-site" },
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).success).toBe(false);

    const partner = await request.post("/api/auth/signin", {
      data: { username: "nobody.here", password: "wrong password" },
      headers: { Origin: allowed, "Sec-Fetch-Site": "cross-site" },
    });
    expect(partner.status()).toBe(401);
    expect(partner.headers()["access-control-allow-origin"]).toBe(allowed);
  });
});
