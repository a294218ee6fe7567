import type { Request } from "@playwright/test";

import { expect, test } from "./fixtures";

test.describe("site shell", () => {
  test("top bar links, lying over the hero while signed out", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Journals", "/journals"],
      ["Programmes", "/programmes"],
      ["About", "/about"],
      ["Blog", "/posts"],
      ["Call for Papers", "/admision"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    expect(await page.getByRole("banner").evaluate((el) => getComputedStyle(el).position)).toBe("absolute");
    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/posts$/);
  });

  test("the top bar marks the section a page is in; a department is under Programmes, also at /journals/{id}", async ({
    page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = nav.locator('[aria-current="page"]');
    await page.goto("/programmes");
    await expect(current).toHaveText("Programmes");
    const department = await page.getByRole("main").locator('a[href^="/programmes/"]').first().getAttribute("href");
    for (const path of [department!, department!.replace("/programmes/", "/journals/")]) {
      await page.goto(path);
      await expect(current, path).toHaveText("Programmes");
      await expect(nav.getByRole("link", { name: "Journals" })).not.toHaveClass(/text-gold-300/);
    }
    await page.goto("/journals/issues");
    await expect(current).toHaveText("Journals");
    await page.goto("/");
    await expect(current).toHaveText("Home");
  });

  test("footer: link columns from the settings, social links, this year's copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Ministry of Education" })).toHaveAttribute(
      "href",
      "https://education.example.gov",
    );
    await expect(footer.getByRole("link", { name: "Academic Calendar" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Vacancies" })).toBeVisible();
    await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).toHaveCount(4);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("theme toggle switches to dark and is kept after a reload", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    // The choice is stored when the server answers; wait for that before reloading.
    const stored = page.waitForResponse((r) => r.url().includes("/theme") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await stored;
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    // Rendered dark by the server: the very first HTML already has it.
    const html = await (await page.request.get("/about")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("a theme switch asks again for the shell's data only, so the page is not read twice", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator('form[action="/theme"] input[name="js"]')).toHaveValue("1");
    const asked: string[] = [];
    // Data read (GET), not the switch itself (its POST to /theme.data).
    const isDataRead = (request: Request) =>
      request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data");
    page.on("request", (request) => {
      if (isDataRead(request)) asked.push(request.url());
    });
    const shell = page.waitForResponse((r) => isDataRead(r.request()));
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shell;
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]).searchParams.get("_routes")).toBe("root");
    // The shell's data now holds the choice: it stays after the switch is done and on the next page.
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test.describe("on a device set to dark", () => {
    test.use({ colorScheme: "dark" });

    test("the site is dark until the reader chooses light, which is then kept", async ({ page }) => {
      // No choice made: the server marks no theme and the stylesheet follows the device, so the
      // first paint is already dark.
      expect(await (await page.request.get("/about")).text()).not.toMatch(/<html[^>]*class=/);
      await page.goto("/about");
      const background = () => page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
      expect(await background()).toBe("rgb(10, 19, 34)");
      await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeHidden();
      const stored = page.waitForResponse((r) => r.url().includes("/theme") && r.request().method() === "POST");
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await stored;
      await expect(page.locator("html")).toHaveClass(/\blight\b/);
      expect(await background()).toBe("rgb(251, 250, 247)");
      // The choice wins over the device's setting after a reload too.
      await page.reload();
      expect(await background()).toBe("rgb(251, 250, 247)");
      await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeHidden();
    });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("the mobile menu opens and closes by touch", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeHidden();
      await page.getByLabel("Menu").tap();
      await expect(mobileNav).toBeVisible();
      await expect(mobileNav.getByRole("link")).toHaveText([
        "Home",
        "Journal Articles",
        "About",
        "News and Stories",
        "Call for Papers",
        "Programmes",
        "Journal archive",
      ]);
      await expect(mobileNav.getByRole("link", { name: "Call for Papers" })).toHaveAttribute("href", "/admision");
      await expect(mobileNav.getByRole("link", { name: "Programmes" })).toHaveAttribute("href", "/programmes");
      await expect(mobileNav.getByRole("link", { name: "Journal archive" })).toHaveAttribute(
        "href",
        "/journals/issues",
      );
      await page.getByLabel("Menu").tap();
      await expect(mobileNav).toBeHidden();
      await page.getByLabel("Menu").tap();
      await mobileNav.getByRole("link", { name: "News and Stories" }).tap();
      await expect(page).toHaveURL(/\/posts$/);
      await expect(mobileNav).toBeHidden();
    });

    test("the mobile menu opens and closes by keyboard", async ({ page }) => {
      await page.goto("/");
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await page.getByLabel("Menu").focus();
      await page.keyboard.press("Enter");
      await expect(mobileNav).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(mobileNav).toBeHidden();
      await expect(page.getByLabel("Menu")).toBeFocused();
      await page.keyboard.press("Space");
      await expect(mobileNav).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(mobileNav.getByRole("link", { name: "Home" })).toBeFocused();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/journals$/);
    });
  });

  test("a theme switch changes every colour at once: no card fades on its own", async ({ page }) => {
    await page.goto("/admision");
    await expect(page.locator('form[action="/theme"] input[name="js"]')).toHaveValue("1");
    const card = page.locator('a[href*="?officer="]').first();
    await card.scrollIntoViewIfNeeded();
    const light = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
    // Read in the first animation frame after the dark class lands: a transition would still be near the light colour.
    const firstFrame = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new MutationObserver((_, observer) => {
            observer.disconnect();
            requestAnimationFrame(() => {
              const el = document.querySelector('a[href*="?officer="]')!;
              resolve(getComputedStyle(el).backgroundColor);
            });
          }).observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
        }),
    );
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    const inFirstFrame = await firstFrame;
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const settled = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(settled).not.toBe(light);
    expect(inFirstFrame).toBe(settled);
    // Transitions work again afterwards (the hover lift of a card).
    expect(await card.evaluate((el) => getComputedStyle(el).transitionDuration)).not.toBe("0s");
  });

  test("an unknown address shows the 404 page in the shell", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    // A way on: the site's search, the news, the journal and home.
    await expect(page.getByRole("searchbox", { name: "Find what you were looking for" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "latest news" })).toHaveAttribute("href", "/posts");
    await expect(main.getByRole("link", { name: "the journal" })).toHaveAttribute("href", "/journals");
    await expect(main.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});
