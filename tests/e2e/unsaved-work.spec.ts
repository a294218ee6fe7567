import { expect, holdScripts, hydrated, login, test, uniqueName } from "./fixtures";

test.describe("typed before the scripts loaded", () => {
  test("a post's title and text typed before hydration are what is saved", async ({ admin, page }) => {
    await login(page, admin);
    const reply = await page.request.post("/api/post/create", {
      data: { title: `Old title ${uniqueName("t")}`, category: "exams", content: "<p>Old text</p>" },
    });
    expect(reply.status()).toBe(201);
    const { post } = await reply.json();

    const release = await holdScripts(page);
    await page.goto(`/update-post/${post._id}`, { waitUntil: "commit" });
    const title = `New title ${uniqueName("t")}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Content").fill("<p>Typed before the scripts</p>");
    release();
    await hydrated(page);
    await expect(page.locator(".ql-editor")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.locator(".ql-editor")).toHaveText("Typed before the scripts");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page).toHaveURL(/\/post\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("Typed before the scripts")).toBeVisible();
  });

  // It saves the journals page's focus text, which other specs read: it runs alone, and the text is
  // put back afterwards (`sharedContent`, tests/e2e/fixtures.ts).
  test.describe(() => {
    test.use({ sharedContent: "rewrite" });

    test("a focus page's title typed before hydration is what is saved", async ({ admin, page }) => {
      await login(page, admin);
      // The page starts with a text of its own (an empty textarea is not reset by hydration).
      await page.goto("/dashboard?tab=focus&page=homePage");
      await page.locator(".ql-editor").fill("The text before");
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByText("Form submitted successfully")).toBeVisible();

      const release = await holdScripts(page);
      await page.goto("/dashboard?tab=focus&page=homePage", { waitUntil: "commit" });
      const title = `Focus ${uniqueName("f")}`;
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByLabel("Content").fill(`<p>${title} in the text</p>`);
      release();
      await hydrated(page);
      await expect(page.locator(".ql-editor")).toHaveText(`${title} in the text`);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByText("Form submitted successfully")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
      await expect(page.locator(".ql-editor")).toHaveText(`${title} in the text`);
    });
  });
});

test("the profile form: an e-mail typed before hydration is saved, not refused as no change", async ({
  admin,
  page,
}) => {
  await login(page, admin);
  const release = await holdScripts(page);
  await page.goto("/dashboard?tab=profile", { waitUntil: "commit" });
  const email = `${uniqueName("moved")}@example.edu`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Current password").fill(admin.password);
  release();
  await hydrated(page);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Update" }).click();
  // A new address waits for its link (decision 022): the change was taken, not refused.
  await expect(page.getByRole("status").filter({ hasText: `We have sent a link to ${email}.` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Address status" })).toContainText(
    `Your new address ${email} is waiting`,
  );
});

test.describe("leaving unsaved work", () => {
  const LEAVE = "You have unsaved changes. Leave this page and lose them?";

  // It saves the announcement, which other specs read: alone, and put back afterwards.
  test.describe(() => {
    test.use({ sharedContent: "rewrite" });

    test("a dashboard tab switch and a link ask first; after a save they do not", async ({ adminPage: page }) => {
      await page.goto("/dashboard?tab=announce");
      await expect(page.locator(".ql-editor")).toBeVisible();
      const title = `Announcement ${uniqueName("a")}`;
      await page.getByLabel("Title", { exact: true }).fill(title);

      // Stay: the tab and what was typed are still there.
      const asked: string[] = [];
      page.once("dialog", (dialog) => (asked.push(dialog.message()), void dialog.dismiss()));
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Focus" }).click();
      await expect.poll(() => asked).toEqual([LEAVE]);
      await expect(page).toHaveURL(/tab=announce/);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

      // Typing in the rich text is unsaved work too; a link elsewhere on the site asks as well.
      await page.locator(".ql-editor").click();
      await page.keyboard.type(" more");
      page.once("dialog", (dialog) => (asked.push(dialog.message()), void dialog.dismiss()));
      await page.locator("header").getByRole("link").first().click();
      await expect.poll(() => asked).toHaveLength(2);
      await expect(page).toHaveURL(/tab=announce/);

      // Saved: leaving asks nothing.
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByText("Announcement updated successfully!")).toBeVisible();
      page.on("dialog", (dialog) => (asked.push(dialog.message()), void dialog.dismiss()));
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Focus" }).click();
      await expect(page).toHaveURL(/tab=focus/);
      expect(asked).toHaveLength(2);
    });
  });

  test("choosing another section with unsaved work asks; called off, the list and the fields stay", async ({
    adminPage: page,
  }) => {
    await page.goto("/dashboard?tab=about&section=about");
    // Typed and chosen once the scripts run (before, a choice is kept without asking: settings-load.spec.ts).
    await hydrated(page);
    const title = page.getByLabel("Title", { exact: true });
    await title.fill("Typed into About");
    // Each question answered in turn, so a choice that did not ask shows as a missing question.
    const answers = [false, true];
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.message());
      void (answers.shift() ? dialog.accept() : dialog.dismiss());
    });
    await page.getByLabel("Section").selectOption("calltoaction");
    await expect.poll(() => asked).toEqual([LEAVE]);
    await expect(page.getByLabel("Section")).toHaveValue("about");
    await expect(title).toHaveValue("Typed into About");
    await expect(page).toHaveURL(/section=about/);

    await page.getByLabel("Section").selectOption("calltoaction");
    await expect.poll(() => asked).toEqual([LEAVE, LEAVE]);
    await expect(page).toHaveURL(/section=calltoaction/);
    await expect(page.getByLabel("Section")).toHaveValue("calltoaction");
    await expect(title).not.toHaveValue("Typed into About");
  });

  test("leaving when asked goes; a reload or closing the tab asks the browser's question", async ({
    adminPage: page,
  }) => {
    await page.goto("/dashboard?tab=focus");
    await expect(page.locator(".ql-editor")).toBeVisible();
    await page.getByLabel("Subtitle").fill("Changed and not saved");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Announcement" }).click();
    await expect(page).toHaveURL(/tab=announce/);

    await page.getByLabel("Title", { exact: true }).fill("Changed again");
    const beforeUnload = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => (resolve(dialog.type()), void dialog.dismiss())),
    );
    void page.reload().catch(() => {});
    expect(await beforeUnload).toBe("beforeunload");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Changed again");

    const onClose = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => (resolve(dialog.type()), void dialog.accept())),
    );
    await page.close({ runBeforeUnload: true });
    expect(await onClose).toBe("beforeunload");
  });
});

test.describe("a local copy of the editor", () => {
  test("a post typed and not saved is offered back after a reload; restored, saved, it is gone", async ({
    adminPage: page,
  }) => {
    await page.goto("/create-post");
    await expect(page.locator(".ql-editor")).toBeVisible();
    const title = `Kept in the browser ${uniqueName("c")}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Category").selectOption("fees");
    await page.locator(".ql-editor").click();
    await page.keyboard.type("Words the crash did not take");

    // The browser goes away without asking (a crash); the next visit offers the copy.
    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByRole("status").filter({ hasText: /^Restore unsaved changes from .+\?/ });
    await expect(offer).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(offer).toHaveCount(0);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Category")).toHaveValue("fees");
    await expect(page.locator(".ql-editor")).toHaveText("Words the crash did not take");

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/post\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.goto("/create-post");
    await expect(page.locator(".ql-editor")).toBeVisible();
    await expect(page.getByText(/Restore unsaved changes/)).toHaveCount(0);
  });

  test("a save sent while offline fails, and the text is still offered after a reload", async ({ adminPage: page }) => {
    await page.goto("/create-post");
    await expect(page.locator(".ql-editor")).toBeVisible();
    const title = `Offline post ${uniqueName("o")}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.locator(".ql-editor").click();
    await page.keyboard.type("Written on a train");
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "something went wrong" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await page.context().setOffline(false);

    const asked: string[] = [];
    page.on("dialog", (dialog) => (asked.push(dialog.type()), void dialog.accept()));
    await page.reload();
    expect(asked).toEqual(["beforeunload"]);
    await page.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.locator(".ql-editor")).toHaveText("Written on a train");
  });

  test("Discard drops the copy", async ({ adminPage: page }) => {
    await page.goto("/create-post");
    await expect(page.locator(".ql-editor")).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill("Not wanted after all");
    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByText(/Restore unsaved changes/)).toHaveCount(0);
    await page.reload();
    await expect(page.locator(".ql-editor")).toBeVisible();
    await expect(page.getByText(/Restore unsaved changes/)).toHaveCount(0);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  });
});

test.describe("messages where the eye is", () => {
  test("a field's message goes once the field is fixed", async ({ adminPage: page }) => {
    await page.goto("/create-post");
    await expect(page.locator(".ql-editor")).toBeVisible();
    const title = page.getByLabel("Title", { exact: true });
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    const message = (await page.locator(`#${await title.getAttribute("id")}-error`).textContent())!;
    expect(message.length).toBeGreaterThan(0);
    await title.fill("A title at last");
    await expect(title).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText(message, { exact: true })).toHaveCount(0);
    // Emptied again: the message is back.
    await title.fill("");
    await expect(title).toHaveAttribute("aria-invalid", "true");
  });

  // It saves the announcement, which other specs read: alone, and put back afterwards.
  test.describe(() => {
    test.use({ sharedContent: "rewrite" });

    test("Save and its answer stay in the window however long the form", async ({ adminPage: page }) => {
      await page.setViewportSize({ width: 1000, height: 420 });
      await page.goto("/dashboard?tab=announce");
      await expect(page.locator(".ql-editor")).toBeVisible();
      await page.getByLabel("Title", { exact: true }).fill(`Announcement ${uniqueName("v")}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      const submit = page.getByRole("button", { name: "Submit" });
      await expect(submit).toBeInViewport();
      await submit.click();
      const saved = page.getByRole("status").filter({ hasText: "Announcement updated successfully!" });
      await expect(saved).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(saved).toBeInViewport();
    });
  });
});
