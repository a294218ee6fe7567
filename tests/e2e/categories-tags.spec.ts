import { expectNoViolations } from "./a11y";
import { expect, startPost, test } from "./fixtures";

/**
 * Issue 33: the news categories are the editors' to keep (SPEC.md's four the starting set), and a
 * post carries free tags; each category and each tag has its page and its feeds.
 */
test("an editor adds, renames and moves a category, tags a post, and readers find it by its category and its tag, and in their feeds", async ({
  adminPage: page,
}) => {
  const suffix = Date.now().toString(36);
  const name = `Bursaries ${suffix}`;
  const renamed = `Scholarships ${suffix}`;
  const slug = `bursaries-${suffix}`;
  const tag = `Open Day ${suffix}`;

  // Added in the Categories tab, it is last; renamed, it keeps its address; moved up, it goes up.
  await page.goto("/dashboard?tab=categories");
  await expect(page.getByRole("heading", { name: "Categories", level: 2 })).toBeVisible();
  const form = page.getByRole("form", { name: "New category" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Category saved" })).toBeVisible();
  const rows = page.locator("table tbody tr");
  await expect(rows.last()).toContainText(name);
  await expect(rows.last()).toContainText(`/posts/category/${slug}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("form", { name: `Edit ${name}` });
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByLabel("Description").fill("Awards for students");
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Category saved" })).toBeVisible();
  await expect(rows.last()).toContainText(renamed);
  await expect(rows.last()).toContainText(`/posts/category/${slug}`);
  await page.getByRole("button", { name: `Move ${renamed} up` }).click();
  await expect(rows.nth((await rows.count()) - 2)).toContainText(renamed);
  await expectNoViolations(page, "the Categories tab");

  // The post editor offers it, with a tags field that takes names separated by commas.
  const title = `Bursary applications ${suffix}`;
  await startPost(page, title, "Applications for bursaries are open.");
  await page.getByLabel("Category").selectOption({ label: renamed });
  await page.getByLabel("Tags").fill(`${tag}, Funding ,  ${tag.toLowerCase()}`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // The post links its category and its tags, each once.
  const tags = page.getByRole("navigation", { name: "Tags" }).getByRole("link");
  await expect(tags).toHaveText([tag, "Funding"]);
  await page.getByRole("link", { name: renamed }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/category/${slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);
  await expect(page.getByText("Awards for students")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();

  await page.goBack();
  await tags.first().click();
  await expect(page).toHaveURL(new RegExp(`/posts/tag/open-day-${suffix}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tag);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expectNoViolations(page, "a tag's page");

  // Its feeds, linked from the page, hold the post.
  const rss = page.getByRole("link", { name: `RSS feed of news tagged ${tag}` });
  const feed = await page.request.get((await rss.getAttribute("href"))!);
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toContain(`News tagged ${tag}`);
  expect(xml).toContain(title);
  const json = await page.request.get(`/posts/category/${slug}/feed.json`);
  expect(((await json.json()) as { items: { title: string }[] }).items.map((item) => item.title)).toEqual([title]);

  // Deleting the category asks where its post goes; the post then shows there.
  await page.goto(`/dashboard?tab=categories&edit=${slug}`);
  await page.getByLabel("Move its 1 post to").selectOption({ label: "Fees" });
  await page.getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Category deleted" })).toBeVisible();
  await expect(page.locator("table")).not.toContainText(renamed);
  expect((await page.request.get(`/posts/category/${slug}`)).status()).toBe(404);
  await page.goto(`/posts/tag/open-day-${suffix}`);
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.locator("article > header")).toContainText("Fees");

  // Tidy: the post goes to the trash.
  await page.goto(`/dashboard?tab=posts&q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
  await expect(page.getByRole("status")).toHaveText("Post deleted successfully!");
});
