import type { Page } from "@playwright/test";
import sharp from "sharp";

import { expect, test, uniqueName } from "./fixtures";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3d6b45" } })
    .png()
    .toBuffer();

/** Starts a post, chooses `fileName` as its image (which uploads it at once) and waits for the upload. */
async function startPostWithImage(page: Page, title: string, fileName: string, width: number, height: number) {
  await page.goto("/create-post");
  await page.getByLabel("Title").fill(title);
  // There is no Upload button: choosing the file is the upload.
  await expect(page.getByRole("button", { name: /^Upload/ })).toHaveCount(0);
  await page
    .getByLabel("Post image")
    .setInputFiles({ name: fileName, mimeType: "image/png", buffer: await png(width, height) });
  await expect(page.getByAltText("Uploaded preview")).toHaveAttribute("src", /^\/uploads\//);
  return (await page.getByAltText("Uploaded preview").getAttribute("src"))!;
}

const libraryRow = (page: Page, fileName: string) => page.locator("tbody tr", { hasText: fileName });

test.describe("the media library", () => {
  test("an upload starts on choosing the file; the library lists it with its name, size, dimensions and use; its alt text is saved; a file in use is not deleted", async ({
    adminPage: page,
  }) => {
    test.setTimeout(90_000);
    const fileName = `${uniqueName("harbour")}.png`;
    const title = `Harbour research station ${uniqueName("p")}`;
    const url = await startPostWithImage(page, title, fileName, 1000, 600);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/post\//);

    await page.goto("/dashboard?tab=media");
    await expect(page.getByRole("heading", { name: "Media" })).toBeVisible();
    const row = libraryRow(page, fileName);
    await expect(row).toContainText("1000 × 600 px");
    await expect(row).toContainText(/\d+ KB/);
    await expect(row.getByRole("link", { name: `Post: ${title}` })).toHaveAttribute("href", /^\/update-post\//);
    await expect(row.getByRole("link", { name: `Open ${fileName}` })).toHaveAttribute("href", url);

    await row.getByLabel(`Alt text of ${fileName}`).fill("The harbour at dawn");
    await row.getByLabel(`Caption of ${fileName}`).fill("Research station, north quay");
    await row.getByRole("button", { name: `Save details of ${fileName}` }).click();
    await expect(row.getByText("File details saved.")).toBeVisible();
    await page.reload();
    await expect(libraryRow(page, fileName).getByLabel(`Alt text of ${fileName}`)).toHaveValue("The harbour at dawn");
    await expect(libraryRow(page, fileName).getByLabel(`Caption of ${fileName}`)).toHaveValue(
      "Research station, north quay",
    );

    // In use by the post: the delete is refused, and says where.
    await libraryRow(page, fileName)
      .getByRole("link", { name: `Delete ${fileName}` })
      .click();
    await page.getByRole("button", { name: "Yes am sure!" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `This file is in use and was not deleted. Remove it from "${title}" first.`,
    );
    await expect(libraryRow(page, fileName)).toBeVisible();

    // Inserted into rich text from the library, the image brings its alt text along.
    await page.goto("/create-post");
    await expect(page.locator(".ql-editor")).toBeVisible();
    await page.getByRole("button", { name: "Insert image from library" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Choose ${fileName}` })
      .click();
    await expect(page.getByLabel("Alt text of the inserted image")).toHaveValue("The harbour at dawn");
    await page.getByRole("button", { name: "Save alt text" }).click();
    await expect(page.getByRole("textbox", { name: "Content" }).locator("img")).toHaveAttribute(
      "alt",
      "The harbour at dawn",
    );
  });

  test("a post takes an image already in the library, loses it again, and the file no post shows is deleted", async ({
    adminPage: page,
  }) => {
    test.setTimeout(90_000);
    const fileName = `${uniqueName("campus")}.png`;
    // Uploaded, then left: the file is in the library and used nowhere.
    const url = await startPostWithImage(page, "Never saved", fileName, 800, 500);

    const title = `Campus open day ${uniqueName("p")}`;
    await page.goto("/create-post");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Choose from library" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose an image from the library" });
    await dialog.getByRole("button", { name: `Choose ${fileName}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByAltText("Uploaded preview")).toHaveAttribute("src", url);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/post\//);
    await expect(page.locator(`img[src="${url}"]`).first()).toBeVisible();

    // The post's image is optional: it can be removed.
    await page.goto("/dashboard?tab=posts");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByAltText("Uploaded preview")).toHaveAttribute("src", url);
    await page.getByRole("button", { name: "Remove image" }).click();
    await expect(page.getByAltText("Uploaded preview")).toHaveCount(0);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page).toHaveURL(/\/post\//);
    await expect(page.locator(`img[src="${url}"]`)).toHaveCount(0);

    // Only the post's earlier version shows it now: it can be deleted, and the dialog says what that means.
    await page.goto("/dashboard?tab=media&kind=image");
    const row = libraryRow(page, fileName);
    await expect(row.getByRole("link", { name: `Post (earlier version): ${title}` })).toBeVisible();
    await row.getByRole("link", { name: `Delete ${fileName}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("restoring that will ask for another file");
    await page.getByRole("button", { name: "Yes am sure!" }).click();
    await expect(page.getByRole("status").filter({ hasText: "File deleted." })).toBeVisible();
    await expect(libraryRow(page, fileName)).toHaveCount(0);
    expect((await page.request.get(url)).status()).toBe(404);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the library's details save and its delete dialog work as plain forms", async ({ adminPage: page }) => {
    // A demo journal's PDF: in use, so the delete is refused and nothing changes for other tests.
    await page.goto("/dashboard?tab=media&kind=pdf");
    // The oldest on the page that a journal uses: the demo's, which no other test deletes.
    const row = page
      .locator("tbody tr")
      .filter({ has: page.getByRole("link", { name: /^Journal: / }) })
      .last();
    const caption = row.getByLabel(/^Caption of /);
    const name = (await caption.getAttribute("aria-label"))!.slice("Caption of ".length);
    await caption.fill("Journal article, as published");
    await row.getByRole("button", { name: `Save details of ${name}` }).click();
    await expect(page.getByRole("status")).toHaveText("File details saved.");
    await expect(page.locator("tbody tr", { hasText: name }).getByLabel(`Caption of ${name}`)).toHaveValue(
      "Journal article, as published",
    );

    await page
      .locator("tbody tr", { hasText: name })
      .getByRole("link", { name: `Delete ${name}` })
      .click();
    await expect(page).toHaveURL(/confirm=/);
    await page.getByRole("button", { name: "Yes am sure!" }).click();
    await expect(page.getByRole("alert")).toContainText("This file is in use and was not deleted.");
    await expect(page.locator("tbody tr", { hasText: name })).toHaveCount(1);
  });
});
