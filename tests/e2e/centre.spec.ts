import { expect, test } from "./fixtures";

test.describe("about, call for papers, programmes and departments", () => {
  test("/about: the centre's name and motto, the about text from the server, the call to action", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Centre for Peace, Security and Conflict Resolution",
    );
    await expect(page.getByText("Knowledge for a safer, fairer world").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Who we are" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What we do" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Submit your paper/ })).toBeVisible();
  });

  test("/admision: journal banner, announcement, Apply Now, officers opening the staff modal", async ({ page }) => {
    await page.goto("/admision");
    await expect(page.getByText("Volume 3, Number 1", { exact: true })).toBeVisible();
    await expect(page.getByText("2026 edition", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Call for Papers: Volume 3, Number 1 (2026)" })).toBeVisible();
    await expect(page.getByText("community-based early warning and conflict prevention")).toBeVisible();
    await expect(page.getByRole("link", { name: "Apply Now" })).toHaveAttribute(
      "href",
      "https://portal.lakeland.example.edu/apply",
    );

    await page.getByRole("link", { name: /Mrs Grace Adeyemi/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Mrs Grace Adeyemi" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "registrar@lakeland.example.edu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("/admision on a phone: the banner's lines wrap with a '·' only between two items on one line", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admision");
    const items = page.getByText("2026 edition", { exact: true }).locator("xpath=ancestor::ul[1]/li");
    const lines = await items.evaluateAll((elements) => {
      const clip = elements[0].closest("ul")!.parentElement!.getBoundingClientRect();
      return elements.map((item) => {
        const dot = item.querySelector("[data-separator]")!.getBoundingClientRect();
        return { top: Math.round(item.getBoundingClientRect().top), dotShown: dot.left >= clip.left && dot.width > 0 };
      });
    });
    expect(lines.length).toBe(4);
    // At 390 px the banner wraps, so some item starts a line of its own.
    expect(new Set(lines.map((line) => line.top)).size).toBeGreaterThan(1);
    lines.forEach((line, index) =>
      expect(line.dotShown, `item ${index + 1}`).toBe(index > 0 && lines[index - 1].top === line.top),
    );
  });

  test("/programmes lists faculties and departments; a department page shows its courses and a course modal", async ({
    page,
  }) => {
    await page.goto("/programmes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Programmes");
    for (const faculty of [
      "Faculty of Social Sciences",
      "Faculty of Law",
      "Faculty of Management and Security Sciences",
    ]) {
      await expect(page.getByRole("heading", { name: faculty })).toBeVisible();
    }
    await page.getByRole("link", { name: /Peace and Conflict Studies/ }).click();
    await expect(page).toHaveURL(/\/programmes\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Peace and Conflict Studies");
    await expect(page.getByTestId("department-hero")).toContainText("Faculty of Social Sciences");
    await expect(page.getByRole("columnheader")).toHaveText(["Course Code", "Course Name", "Credits"]);
    await expect(page.locator("tbody tr")).toHaveCount(5);

    await page.getByRole("row", { name: /PCS 705/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Negotiation and Mediation" })).toBeVisible();
    await expect(dialog).toContainText("PCS 705");
    await expect(dialog).toContainText("4");
    await expect(dialog).toContainText("Second");
    await expect(dialog).toContainText("simulated peace process");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();

    // The same page is served at SPEC.md's /journals/{id}.
    const id = page.url().split("/").pop();
    const response = await page.goto(`/journals/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Peace and Conflict Studies");
  });

  test("a department without an image or courses: blue hero, default description, 'No courses available.'", async ({
    page,
  }) => {
    await page.goto("/programmes");
    await page.getByRole("link", { name: /Criminology and Intelligence Studies/ }).click();
    await expect(page.getByText("No courses available.")).toBeVisible();
    await expect(page.getByTestId("department-hero").locator("img")).toHaveCount(0);
    await page.goto("/programmes");
    await page.getByRole("link", { name: /Public Law and Human Rights/ }).click();
    await expect(page.getByText("No description provided for this department.")).toBeVisible();
  });

  test("an unknown department is a 404 with 'Failed to load department data.'", async ({ page }) => {
    for (const path of ["/journals/00000000-0000-4000-8000-000000000000", "/programmes/not-an-id"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Failed to load department data.");
    }
  });
});
