import sharp from "sharp";

import { expect, expectGone, PASSWORD, signIn, signUp, test, uniqueName } from "./fixtures";

// The faculty, department and course are this test's own (a tag in their names), and deleted at the
// end; the demo's are only read.
test("an admin builds a faculty, a department and a course, edits each, sees them on the site, and deletes them together", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/dashboard?tab=course");
  await page.waitForLoadState("networkidle");
  const tag = uniqueName("t").replace(".", "");
  const facultyName = `Faculty of Test Studies ${tag}`;
  const departmentName = `Department of Mediation ${tag}`;
  const code = `MED ${tag.slice(-5).toUpperCase()}`;

  const facultyForm = page.locator("form", { has: page.getByRole("heading", { name: "Create Faculty" }) });
  await facultyForm.getByRole("button", { name: "Create Faculty" }).click();
  await expect(facultyForm.getByRole("alert")).toHaveText("Please enter faculty name");
  await facultyForm.getByLabel("Faculty name").fill(facultyName);
  await facultyForm.getByRole("button", { name: "Create Faculty" }).click();
  await expect(page.getByRole("status")).toHaveText("Created successfully!");

  const departmentForm = page.locator("form", { has: page.getByRole("heading", { name: "Create Department" }) });
  await departmentForm.getByRole("button", { name: "Create Department" }).click();
  await expect(departmentForm.getByRole("alert")).toHaveText("Please fill all fields");
  await departmentForm.getByLabel("Department name").fill(departmentName);
  await departmentForm.getByLabel("Faculty").selectOption({ label: facultyName });
  await departmentForm.getByLabel("Department image (optional)").setInputFiles({
    name: "hall.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 1200, height: 500, channels: 3, background: "#1d4e89" } })
      .png()
      .toBuffer(),
  });
  await expect(departmentForm.getByAltText("Uploaded preview")).toBeVisible();
  await departmentForm.getByLabel("Description (optional)").fill("Mediation practice and theory.");
  await departmentForm.getByRole("button", { name: "Create Department" }).click();
  await expect(page.getByRole("status")).toHaveText("Created successfully!");

  const courseForm = page.locator("form", { has: page.getByRole("heading", { name: "Create Course" }) });
  await courseForm.getByRole("button", { name: "Create Course" }).click();
  await expect(courseForm.getByRole("alert")).toHaveText("Please fill all required fields");
  await expect(courseForm.getByLabel("Credits")).toHaveValue("3");
  await courseForm.getByLabel("Course name").fill("Advanced Mediation");
  await courseForm.getByLabel("Course code").fill(code);
  await courseForm.getByLabel("Credits").fill("4");
  await courseForm.getByLabel("Semester").selectOption("Second");
  await courseForm.getByLabel("Department").selectOption({ label: `${departmentName} (${facultyName})` });
  await courseForm.getByLabel("Faculty").selectOption({ label: facultyName });
  await courseForm.getByRole("button", { name: "Create Course" }).click();
  await expect(page.getByRole("status")).toHaveText("Created successfully!");

  // The same code again is refused by name.
  await courseForm.getByLabel("Course name").fill("Copy");
  await courseForm.getByLabel("Course code").fill(code.toLowerCase());
  await courseForm.getByLabel("Semester").selectOption("First");
  await courseForm.getByLabel("Department").selectOption({ label: `${departmentName} (${facultyName})` });
  await courseForm.getByLabel("Faculty").selectOption({ label: facultyName });
  await courseForm.getByRole("button", { name: "Create Course" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error:" })).toHaveText(
    `Error: A course with the code ${code} already exists.`,
  );

  // Edit each through its modal.
  await page.getByRole("button", { name: `Edit ${facultyName}` }).click();
  await page.getByRole("dialog").getByLabel("Faculty name").fill(`${facultyName} II`);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Faculty updated successfully!");
  await page.getByRole("button", { name: `Edit ${departmentName}` }).click();
  await page.getByRole("dialog").getByLabel("Department name").fill(`${departmentName} II`);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Department updated successfully!");
  await page.getByRole("button", { name: `Edit ${code}` }).click();
  await expect(page.getByRole("dialog").getByLabel("Semester")).toHaveValue("Second");
  // A refusal keeps the modal open with what was typed.
  await page.getByRole("dialog").getByLabel("Course code").fill("PCS 701");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(
    "Error: A course with the code PCS 701 already exists.",
  );
  await expect(page.getByRole("dialog").getByLabel("Course code")).toHaveValue("PCS 701");
  await page.getByRole("dialog").getByLabel("Course code").fill(code);
  await page.getByRole("dialog").getByLabel("Credits").fill("5");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Course updated successfully!");

  // At once on the public pages.
  await page.goto("/programmes");
  await expect(page.getByRole("heading", { name: `${facultyName} II` })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(`${departmentName} II`) }).click();
  await expect(page).toHaveURL(/\/programmes\/[0-9a-f-]{36}$/);
  const departmentUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${departmentName} II`);
  await expect(page.getByTestId("department-hero").locator("img")).toHaveAttribute("src", /^\/uploads\//);
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("5");

  // Deleting the faculty says what it holds and asks again.
  await page.goto("/dashboard?tab=course");
  await page.getByRole("button", { name: `Delete ${facultyName} II` }).click();
  await expect(page.getByRole("alertdialog").getByRole("heading")).toHaveText(
    "Are you sure you want to delete this faculty?",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
  const again = page.getByRole("alertdialog");
  await expect(again).toContainText("It still holds 1 department and 1 course. Delete them all together?");
  await again.getByRole("button", { name: "Delete them all" }).click();
  await expectGone(page, "Faculty deleted successfully!", departmentUrl);
});

test("the server refuses bad courses even when posted directly, and non-admins entirely", async ({
  adminPage: page,
}) => {
  await page.goto("/programmes");
  // Two departments of different faculties from the demo.
  const lists = await page.request.get("/dashboard?tab=course");
  expect(lists.status()).toBe(200);
  const html = await lists.text();
  const options = [...html.matchAll(/<option value="([0-9a-f-]{36})">([^<]+)<\/option>/g)].map((m) => ({
    id: m[1],
    label: m[2],
  }));
  const law = options.find((o) => o.label === "Faculty of Law")!;
  const peace = options.find((o) => o.label.startsWith("Peace and Conflict Studies ("))!;
  const social = options.find((o) => o.label === "Faculty of Social Sciences")!;
  const base = {
    intent: "create-course",
    name: "Bad",
    code: `BAD ${Date.now() % 100000}`,
    description: "",
    departmentId: peace.id,
    facultyId: social.id,
    semester: "First",
    credits: "3",
  };
  for (const [change, message] of [
    [{ credits: "0" }, "Credits must be a whole number from 1 to 6"],
    [{ credits: "7" }, "Credits must be a whole number from 1 to 6"],
    [{ semester: "Summer" }, "The semester must be First, Second or Both"],
    [
      { facultyId: law.id },
      "Error: The department Peace and Conflict Studies belongs to Faculty of Social Sciences, not to Faculty of Law.",
    ],
  ] as const) {
    const response = await page.request.post("/dashboard?tab=course", { form: { ...base, ...change } });
    expect(response.status(), JSON.stringify(change)).toBe(400);
    expect(await response.text()).toContain(message);
  }

  const username = uniqueName("nocourse");
  await page.request.post("/signout");
  await signUp(page, username);
  await signIn(page, username, PASSWORD);
  const denied = await page.goto("/dashboard?tab=course");
  expect(denied?.status()).toBe(403);
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
  for (const intent of [
    "create-faculty",
    "update-faculty",
    "delete-faculty",
    "create-department",
    "delete-department",
    "create-course",
    "delete-course",
  ]) {
    const response = await page.request.post("/dashboard?tab=course", { form: { intent, name: "x", id: law.id } });
    expect(response.status(), intent).toBe(403);
  }
});
