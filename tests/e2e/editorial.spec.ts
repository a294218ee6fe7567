import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { renderPdf } from "../../app/demo/pdf.server";
import { expect, localTimeIn, login, startPost, test, uniqueName } from "./fixtures";

/** A signed-out visitor's own browser context: no admin cookie, as the page cache sees them. */
async function visitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, request: context.request };
}

/** The editor's save button for a new post of this status. */
const saveLabel = (status = "published") =>
  ({ draft: "Save draft", scheduled: "Schedule", published: "Publish" })[status] ?? "Publish";

async function createPost(page: Page, fields: { title: string; status?: string; publishAt?: string; slug?: string }) {
  await page.goto("/create-post");
  await page.getByLabel("Title").fill(fields.title);
  await page.getByLabel("Category").selectOption("fees");
  if (fields.status) await page.getByLabel("Status").selectOption(fields.status);
  if (fields.publishAt) await page.getByLabel("Publish at").fill(fields.publishAt);
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type(`Body of ${fields.title}`);
  // The save button follows the chosen status (SPEC-NOTES.md).
  await page.getByRole("button", { name: saveLabel(fields.status), exact: true }).click();
  await expect(page).toHaveURL(/\/post\//);
  return new URL(page.url()).pathname;
}

/** Moves a post to the trash through the JSON API (as the admin whose cookies `request` holds). */
async function trashPost(request: APIRequestContext, path: string) {
  const slug = path.split("/").pop();
  const [post] = (await (await request.get(`/api/post/getposts?slug=${slug}`)).json()).posts;
  expect((await request.delete(`/api/post/deletepost/${post._id}/${post.userId}`)).status()).toBe(200);
}

async function pdfUpload(request: APIRequestContext, title: string) {
  const pdf = renderPdf([{ text: title, style: "title" }], { title, author: "E2E" });
  const upload = await request.post("/api/uploads?purpose=pdf", { data: pdf, headers: { "X-File-Name": "a.pdf" } });
  return { pdf, url: (await upload.json()).url as string };
}

test.describe("editorial work", () => {
  test("a draft stays private until it is published, then everyone sees it", async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const title = `Draft statement ${uniqueName("d")}`;
    const path = await createPost(page, { title, status: "draft" });
    await expect(page.getByRole("status").filter({ hasText: "Draft: only admins can see this page." })).toBeVisible();

    const { context, request } = await visitor(browser, baseURL!);
    expect((await request.get(path)).status()).toBe(404);
    expect(await (await request.get("/posts")).text()).not.toContain(title);
    const slug = path.split("/").pop()!;
    expect((await (await request.get(`/api/post/getposts?slug=${slug}`)).json()).posts).toEqual([]);

    await page.goto("/dashboard?tab=posts&status=draft");
    await page.getByRole("checkbox", { name: `Select ${title}` }).check();
    await page.getByLabel("With the selected items").selectOption("publish");
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 item published." })).toBeVisible();
    expect((await request.get(path)).status()).toBe(200);
    expect(await (await request.get("/posts")).text()).toContain(title);
    await context.close();
    await trashPost(page.request, path);
  });

  test("write, leave, come back and find the draft; publishing it makes no second post", async ({
    adminPage: page,
  }) => {
    const title = `Autosaved draft ${uniqueName("a")}`;
    await startPost(page, title, "Half a thought, kept by the server");
    await expect(page.getByText(/^Draft saved automatically at/)).toBeVisible({ timeout: 20_000 });

    // Leave without pressing Submit: nothing to warn about, the draft is stored.
    await page.goto("/dashboard?tab=posts");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill(title);
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    const row = page.locator("tbody tr", { hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Draft");
    // The row's actions: Edit first, the destructive Delete last (SPEC-NOTES.md).
    await expect(page.getByRole("columnheader").last()).toHaveText("Delete");
    await expect(page.getByRole("columnheader").nth(-2)).toHaveText("Edit");
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/update-(post|journal)\//);
    await expect(page.getByRole("textbox", { name: "Content" })).toContainText("Half a thought, kept by the server");

    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const published = new URL(page.url()).pathname;
    await page.goto(`/dashboard?tab=posts&q=${encodeURIComponent(title)}`);
    await expect(page.locator("tbody tr", { hasText: title })).toHaveCount(1);
    await expect(page.locator("tbody tr", { hasText: title })).toContainText("Published");
    await trashPost(page.request, published);
  });

  // Two minutes of waiting for its time that read none of the site's shared content: no lock, so a
  // test rewriting that content need not wait for it (`sharedContent`, tests/e2e/fixtures.ts).
  test.describe(() => {
    test.use({ sharedContent: "none" });

    test("a scheduled post appears at its time with no one signed in", async ({
      adminPage: page,
      admin,
      browser,
      baseURL,
    }) => {
      test.setTimeout(210_000);
      const title = `Scheduled notice ${uniqueName("s")}`;
      const path = await createPost(page, { title, status: "scheduled", publishAt: await localTimeIn(page, 120) });
      await expect(page.getByRole("status").filter({ hasText: /^Scheduled for/ })).toBeVisible();
      // Signed out: nobody is there to publish it but the server.
      await page.context().clearCookies();

      const { context, request } = await visitor(browser, baseURL!);
      expect((await request.get(path)).status()).toBe(404);
      // The list page is cached for visitors meanwhile; it must not keep hiding the post.
      expect(await (await request.get("/posts")).text()).not.toContain(title);
      await expect
        .poll(async () => (await request.get(path)).status(), { timeout: 150_000, intervals: [2_000] })
        .toBe(200);
      await expect
        .poll(async () => (await (await request.get("/posts")).text()).includes(title), { timeout: 20_000 })
        .toBe(true);
      await context.close();
      await login(page, admin);
      await trashPost(page.request, path);
    });
  });

  test("preview shows unsaved changes on a private link that works without signing in", async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const title = `Previewed post ${uniqueName("p")}`;
    await startPost(page, title, "Words not saved yet");
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = await popup;
    await expect(preview).toHaveURL(/\/preview\/post\/[\w-]{32}$/);
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(preview.locator(".rich-text")).toContainText("Words not saved yet");
    await expect(preview.getByRole("status")).toContainText("Anyone with this link can see it until");
    // Nothing was saved: the editor is still open with the text, and no post exists.
    await expect(page.getByLabel("Title")).toHaveValue(title);

    const { context } = await visitor(browser, baseURL!);
    const shared = await context.newPage();
    await shared.goto(preview.url());
    await expect(shared.getByRole("heading", { level: 1 })).toHaveText(title);
    expect((await shared.request.get("/preview/post/abcdefghijklmnopqrstuvwxyz012345")).status()).toBe(404);
    await context.close();
  });

  test("two admins editing one post: the second is told, keeps their text, and chooses", async ({
    adminPage: page,
    admin,
    browser,
    baseURL,
  }) => {
    const title = `Shared draft ${uniqueName("t")}`;
    const path = await createPost(page, { title, status: "draft" });
    await page.goto("/dashboard?tab=posts");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/update-post\//);
    const editorUrl = page.url();

    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await login(second, admin);
    await second.goto(editorUrl);
    await expect(second.getByLabel("Title")).toHaveValue(title);

    await page.getByLabel("Title").fill(`${title} (first)`);
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (first)`);

    await second.getByLabel("Title").fill(`${title} (second)`);
    await second.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(second.getByText(/Someone else saved this while you were editing/)).toBeVisible();
    await expect(second.getByLabel("Title")).toHaveValue(`${title} (second)`);
    await expect(second.getByRole("link", { name: /See their version/ })).toBeVisible();
    // Nothing was overwritten.
    expect(await (await page.request.get(new URL(page.url()).pathname)).text()).toContain(`${title} (first)`);
    // Saving again is the knowing choice to replace theirs.
    await second.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(second.getByRole("heading", { level: 1 })).toHaveText(`${title} (second)`);
    await other.close();
    await trashPost(page.request, path);
  });

  test("restore a revision, and restore a deleted post from the trash at its address", async ({ adminPage: page }) => {
    const title = `Revised notice ${uniqueName("r")}`;
    const path = await createPost(page, { title, status: "draft" });
    await page.goto("/dashboard?tab=posts");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/update-(post|journal)\//);
    await page.getByLabel("Title").fill(`${title} v2`);
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} v2`);

    await page.goto("/dashboard?tab=posts");
    await page.getByRole("link", { name: `Edit ${title} v2` }).click();
    await expect(page).toHaveURL(/\/update-(post|journal)\//);
    await page.getByRole("link", { name: /^History \(2 revisions\)/ }).click();
    await page.getByRole("link", { name: "Compare version 1" }).click();
    await expect(page.locator("del", { hasText: "v2" })).toHaveCount(0);
    await expect(page.locator("ins", { hasText: "v2" })).toBeVisible();
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Revision restored." })).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    await page.goto("/dashboard?tab=posts");
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post deleted successfully!" })).toBeVisible();
    expect((await page.goto(path))?.status()).toBe(404);

    await page.goto("/dashboard?tab=trash");
    await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Restore ${title}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Restored from the trash." })).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await trashPost(page.request, path);
  });

  test("a replaced PDF is served at once at a new address; the old address leads to it", async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const title = `Versioned article ${uniqueName("v")}`;
    const first = await pdfUpload(page.request, `${title} one`);
    const created = await page.request.post("/create-journal", {
      form: { title, abstract: "", pdf: first.url, status: "published" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    await page.goto("/journals");
    await page
      .locator("main article", { hasText: title })
      .getByRole("link", { name: /^Download/ })
      .click();
    // The article's own page, once the click has got there (the list's address would do otherwise).
    await expect(page).toHaveURL(/\/journal\/[a-z0-9-]+$/);
    const journalPath = new URL(page.url()).pathname;
    const firstHref = (await page.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!;
    // As a visitor's browser and any cache between see it (an admin's answers are never stored).
    const { context, request } = await visitor(browser, baseURL!);
    const firstAnswer = await request.get(firstHref);
    expect(Buffer.from(await firstAnswer.body()).equals(first.pdf)).toBe(true);
    expect(firstAnswer.headers()["cache-control"]).toContain("immutable");
    // The address given to indexers is checked each time.
    expect((await request.get(`${journalPath}/pdf`)).headers()["cache-control"]).toContain("must-revalidate");

    const second = await pdfUpload(page.request, `${title} two`);
    await page.goto("/dashboard?tab=journals");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/update-(post|journal)\//);
    const editor = new URL(page.url()).pathname;
    const version = await page.locator('input[name="version"]').inputValue();
    const saved = await page.request.post(editor, {
      form: { title, abstract: "", pdf: second.url, status: "published", version },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    await page.goto(journalPath);
    const secondHref = (await page.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!;
    expect(secondHref).not.toBe(firstHref);
    expect(Buffer.from(await (await page.request.get(secondHref)).body()).equals(second.pdf)).toBe(true);
    expect(Buffer.from(await (await page.request.get(`${journalPath}/pdf`)).body()).equals(second.pdf)).toBe(true);
    // A link to the old version (in someone's bookmarks) leads to the current file.
    const old = await page.request.get(firstHref, { maxRedirects: 0 });
    expect(old.status()).toBe(302);
    expect(Buffer.from(await (await request.get(firstHref)).body()).equals(second.pdf)).toBe(true);
    await context.close();
    const id = editor.split("/").pop();
    expect((await page.request.delete(`/api/journal/deletejournal/${id}/x`)).status()).toBe(200);
  });

  test("an old slug redirects permanently, on the page and in the JSON API", async ({ adminPage: page }) => {
    const title = `Moving notice ${uniqueName("m")}`;
    const path = await createPost(page, { title, status: "draft" });
    const oldSlug = path.split("/").pop()!;
    await page.goto("/dashboard?tab=posts");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/update-(post|journal)\//);
    await page.getByLabel("Address").fill(`${oldSlug}-moved`);
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${oldSlug}-moved$`));

    const api = await page.request.get(`/api/post/getposts?slug=${oldSlug}`, { maxRedirects: 0 });
    expect(api.status()).toBe(301);
    expect(api.headers().location).toBe(`/api/post/getposts?slug=${oldSlug}-moved`);
    const followed = await (await page.request.get(`/api/post/getposts?slug=${oldSlug}`)).json();
    expect(followed.posts[0].title).toBe(title);
    await page.goto(`/blog/${oldSlug}`);
    await expect(page).toHaveURL(new RegExp(`/post/${oldSlug}-moved$`));
    await trashPost(page.request, `/post/${oldSlug}-moved`);
  });

  test("a visitor never meets a draft, a scheduled or a trashed item anywhere", async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueName("hidden");
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const make = async (kind: "post" | "journal", status: string) => {
      const title = `Hidden ${kind} ${status} ${tag}`;
      const body =
        kind === "post"
          ? { title, category: "fees", content: `<p>${title}</p>`, status: status === "trashed" ? "published" : status }
          : {
              filename: title,
              details: `<p>${title}</p>`,
              file: (await pdfUpload(page.request, title)).url,
              status: status === "trashed" ? "published" : status,
            };
      const answer = await page.request.post(`/api/${kind}/create`, {
        data: status === "scheduled" ? { ...body, publishAt: later } : body,
      });
      expect(answer.status(), await answer.text()).toBe(201);
      const saved = await answer.json();
      const record = saved.post ?? saved.journal;
      if (status === "trashed") {
        const removed = await page.request.delete(`/api/${kind}/delete${kind}/${record._id}/${record.userId}`);
        expect(removed.status()).toBe(200);
      }
      return { kind, slug: saved.slug as string, id: record._id as string, title };
    };
    const hidden = [];
    for (const kind of ["post", "journal"] as const)
      for (const status of ["draft", "scheduled", "trashed"]) hidden.push(await make(kind, status));

    const { context, request } = await visitor(browser, baseURL!);
    const lists = ["/", "/posts", "/journals", "/api/post/getposts?limit=50", "/api/journal/getjournals?limit=50"];
    // Twice each: the second answer may come from the page cache.
    for (let round = 0; round < 2; round++) {
      for (const address of lists) {
        const text = await (await request.get(address)).text();
        expect(text, address).not.toContain(tag);
      }
      for (const item of hidden) {
        for (const address of [
          `/${item.kind}/${item.slug}`,
          ...(item.kind === "journal" ? [`/journal/${item.slug}/pdf`] : [`/blog/${item.slug}`]),
        ]) {
          expect((await request.get(address)).status(), address).toBe(404);
        }
        if (item.kind === "post") {
          for (const query of [`slug=${item.slug}`, `postId=${item.id}`]) {
            const answer = await (await request.get(`/api/post/getposts?${query}`)).json();
            expect(answer.posts, query).toEqual([]);
          }
        }
      }
    }
    await context.close();
  });
});
