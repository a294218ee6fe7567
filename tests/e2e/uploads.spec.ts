import sharp from "sharp";

import { demoJournals } from "../../app/demo/content";
import { demoJournal } from "./a11y";
import { expect, login, signedInNewUser, test } from "./fixtures";

const noisyPhoto = (width: number, height: number) =>
  // Random pixels do not compress: a real-sized file, so the upload takes a visible moment.
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

test.describe("the profile photo", () => {
  test("click the photo, watch the progress, Update, and the photo is in the avatar menu and the users table", async ({
    admin: adminAccount,
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const username = await signedInNewUser(page, "photo");

    // The server takes a moment to answer, so the upload in progress can be seen and acted on.
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/uploads**", async (route) => {
      await answered;
      await route.continue();
    });
    const photo = await noisyPhoto(1000, 800);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Change your photo" }).click();
    await (await chooser).setFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(page.getByRole("progressbar", { name: "Uploading your photo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "loading..." })).toBeVisible();
    // The button is marked aria-disabled while the photo uploads, but a click still reaches it.
    await page.getByRole("button", { name: "loading..." }).click({ force: true });
    await expect(page.getByRole("alert")).toHaveText("Please Wait for image to upload");
    release();
    await expect(page.getByRole("progressbar", { name: "Uploading your photo" })).toBeHidden({ timeout: 20_000 });

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Profile Updated Successfully");
    const menuImage = page.getByRole("button", { name: `Account menu for ${username}` }).locator("img");
    await expect(menuImage).toHaveAttribute("src", /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}-1000w\.webp$/);
    const src = (await menuImage.getAttribute("src"))!;
    expect(await menuImage.getAttribute("srcset")).toContain("-320w.webp 320w");
    const served = await page.request.get(src);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");

    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await login(adminPage, adminAccount);
    await adminPage.goto("/dashboard?tab=users");
    const row = adminPage.locator("tbody tr", { hasText: `${username}@example.edu` });
    await expect(row.locator("img")).toHaveAttribute("src", src);
    await admin.close();
  });

  test("a too-large photo is refused before it is sent; a file that is not an image is refused by the server", async ({
    page,
  }) => {
    await signedInNewUser(page, "bigphoto");
    let uploads = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/uploads")) uploads++;
    });
    let chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Change your photo" }).click();
    await (
      await chooser
    ).setFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024, 255) });
    await expect(page.getByRole("alert")).toHaveText("This image is too large: images can be at most 10 MB.");
    expect(uploads).toBe(0);

    chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Change your photo" }).click();
    await (
      await chooser
    ).setFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
    });
    await expect(page.getByRole("alert")).toHaveText(
      "Error uploading image: This file is not a PNG, JPEG or WebP image. Choose one of those.",
    );
    expect(uploads).toBe(1);
  });
});

test.describe("who may upload", () => {
  test("signed out: nothing; a user: only their own photo; an admin: images and PDFs", async ({
    admin,
    page,
    request,
  }) => {
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

    const anonymous = await request.post("/api/uploads?purpose=avatar", {
      data: image,
      headers: { "Content-Type": "image/png" },
    });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({ success: false, statusCode: 401, message: "Sign in to upload files." });

    await signedInNewUser(page, "uploader");
    for (const purpose of ["image", "pdf"]) {
      const refused = await page.request.post(`/api/uploads?purpose=${purpose}`, {
        data: purpose === "pdf" ? pdf : image,
      });
      expect(refused.status(), purpose).toBe(403);
      expect(await refused.json()).toEqual({
        success: false,
        statusCode: 403,
        message: "Your role cannot upload this kind of file. Ask an admin to give you access.",
      });
    }
    const own = await page.request.post("/api/uploads?purpose=avatar", {
      data: image,
      headers: { "X-File-Name": "me.png" },
    });
    expect(own.status()).toBe(201);
    expect(await own.json()).toMatchObject({
      kind: "image",
      url: expect.stringMatching(/^\/uploads\//),
      secure_url: expect.stringMatching(/^\/uploads\//),
    });

    // Now as an admin (a fresh browser session).
    await page.context().clearCookies();
    await login(page, admin);
    const adminPdf = await page.request.post("/api/uploads?purpose=pdf", {
      data: pdf,
      headers: { "X-File-Name": "paper.pdf" },
    });
    expect(adminPdf.status()).toBe(201);
    const traversal = await page.request.post("/api/uploads?purpose=pdf", {
      data: pdf,
      headers: { "X-File-Name": "..%2F..%2Fx" },
    });
    expect(traversal.status()).toBe(400);
    expect((await traversal.json()).message).toMatch(/file name is not valid/);
  });
});

test("a journal's PDF downloads under the article's title", async ({ page }) => {
  // A demo article (the newest may be another spec's, deleted while this reads it).
  const title = demoJournals[0].title;
  await page.goto((await demoJournal(page)).page);
  const href = (await page.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!;
  // The page names this version of the file (`v`), so a replaced PDF is never served from a cache.
  expect(href).toMatch(/^\/journal\/[a-z0-9-]+\/pdf\?v=[a-z0-9]+&download$/);
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(
    `attachment; filename="${title}.pdf"; filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`,
  );
  expect(response.headers()["cache-control"]).toContain("immutable");
});
