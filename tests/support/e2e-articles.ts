import fs from "node:fs";

import { expect, type Page, test } from "@playwright/test";

import { renderPdf } from "../../app/demo/pdf.server";

/**
 * The article editor on a new article: `title` in its title, `abstract` typed into its abstract,
 * and a PDF of that title uploaded (written into the test's output folder).
 */
export async function startArticle(page: Page, title: string, abstract: string) {
  await page.goto("/create-journal");
  await page.getByLabel("Article title").fill(title);
  await expect(page.locator(".ql-editor").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Abstract" }).click();
  await page.keyboard.type(abstract);
  const pdfPath = test.info().outputPath("article.pdf");
  fs.writeFileSync(pdfPath, renderPdf([{ text: title, style: "title" }], { title, author: "E2E" }));
  await page.getByLabel("PDF").setInputFiles(pdfPath);
  await expect(page.getByText(/^Uploaded:/)).toBeVisible();
}
