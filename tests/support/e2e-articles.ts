import fs from "node:fs";

import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

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

/**
 * An article published at once through the JSON API by the admin whose `request` it is, its PDF (of
 * its title) uploaded as `fileName`; its address's slug and its id.
 */
export async function publishedArticle(request: APIRequestContext, title: string, fileName: string) {
  const pdf = renderPdf([{ text: title, style: "title" }], { title, author: "E2E" });
  const upload = await request.post("/api/uploads?purpose=pdf", { data: pdf, headers: { "X-File-Name": fileName } });
  expect(upload.status()).toBe(201);
  const created = await request.post("/api/journal/create", {
    data: { filename: title, details: `<p>${title}</p>`, file: (await upload.json()).url, status: "published" },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { slug: string; journal: { _id: string } };
}

/**
 * A new issue made in the Issues tab: volume `volume`, number 1 of 2026, with `title` if given, and
 * `status` chosen, or else the form's default status checked to be `defaultStatus`; saved.
 */
export async function createIssue(
  page: Page,
  volume: string,
  { title, status, defaultStatus }: { title?: string; status?: string; defaultStatus?: string } = {},
) {
  await page.goto("/dashboard?tab=issues");
  const form = page.locator("form", { has: page.getByRole("heading", { name: "New issue" }) });
  await form.getByLabel("Volume", { exact: true }).fill(volume);
  await form.getByLabel("Number", { exact: true }).fill("1");
  await form.getByLabel("Year", { exact: true }).fill("2026");
  if (title) await form.getByLabel("Title", { exact: true }).fill(title);
  if (status) await form.getByLabel("Status", { exact: true }).selectOption(status);
  if (defaultStatus) await expect(form.getByLabel("Status", { exact: true })).toHaveValue(defaultStatus);
  await form.getByRole("button", { name: "Create issue" }).click();
  await expect(page.getByRole("status")).toHaveText("Issue saved.");
}
