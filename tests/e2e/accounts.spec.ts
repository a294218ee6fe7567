import {
  createAdminCli,
  expect,
  hydrated,
  JOURNAL_TABS,
  login,
  PASSWORD,
  signedInNewUser,
  signIn,
  signUp,
  test,
  uniqueName,
} from "./fixtures";

test.describe("an account from sign-up to deletion", () => {
  test("sign up, sign in, avatar menu, profile, sign out, sign in again, delete; the old session is dead", async ({
    page,
    browser,
  }) => {
    const username = uniqueName("reader");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Welcome to the Distance Learning Content Management System",
    );
    await expect(page.getByText("Staff who publish are given access by an administrator.")).toBeVisible();
    await expect(page.getByText("Have an account?")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toHaveAttribute("href", "/signin");
    // Fields are trimmed as they are typed.
    await page.getByLabel("Username").fill(`  ${username} `);
    await expect(page.getByLabel("Username")).toHaveValue(username);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText("please fill all fields");
    await page.getByLabel("Email").fill(`${username}@example.edu`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/signin\?registered=1$/);

    await signIn(page, username);
    const menuButton = page.getByRole("button", { name: `Account menu for ${username}` });
    await menuButton.click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText(username);
    await expect(menu).toContainText(`${username}@example.edu`);
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/dashboard?tab=profile");
    // The Dashboard entry is staff's; every reader may submit (issue 34).
    await expect(menu.getByRole("menuitem")).toHaveText(["Profile", "My submissions", "Sign out"]);
    await expect(menu.getByRole("menuitem", { name: "My submissions" })).toHaveAttribute("href", "/my-submissions");
    await page.keyboard.press("Escape");

    // The profile: 'No changes made', then a new username.
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveText(["ProfileReader"]);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert")).toHaveText("No changes made");
    const renamed = `${username}.x`;
    await page.getByLabel("Username").fill(renamed);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Profile Updated Successfully");
    await expect(page.getByRole("button", { name: `Account menu for ${renamed}` })).toBeVisible();

    // Sign out from the avatar menu ends the session on the server.
    await page.getByRole("button", { name: `Account menu for ${renamed}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);

    await signIn(page, renamed);
    const oldCookies = await page.context().cookies();
    await page.getByRole("link", { name: "Delete Account" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
    await dialog.getByRole("button", { name: "No,Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Delete Account" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

    // The session cookie from before the deletion no longer opens anything.
    const context = await browser.newContext();
    await context.addCookies(oldCookies);
    const stale = await context.newPage();
    await stale.goto("/dashboard");
    await expect(stale).toHaveURL(/\/signin/);
    await context.close();
    // And the account is gone.
    await page.goto("/signin");
    await page.getByLabel("Username").fill(renamed);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  });

  test("sign-in errors: empty fields and a wrong password, in a red alert", async ({ page }) => {
    await page.goto("/signin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back to the Distance Learning CMS");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("please fill all fields");
    await page.getByLabel("Username").fill("nobody.here");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
    await expect(page.getByRole("alert")).toHaveClass(/bg-red-50/);
  });

  test("sign-up refuses a taken username and a short password with the server's message", async ({ page }) => {
    const username = uniqueName("taken");
    await signUp(page, username);
    await page.goto("/signup");
    await page.getByLabel("Username").fill(username.toUpperCase());
    await page.getByLabel("Email").fill(`other.${username}@example.edu`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText("That username is already taken. Please choose another.");
    await page.getByLabel("Username").fill(uniqueName("fresh"));
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters");
  });

  test("a signed-in user opening /signin or /signup goes to the dashboard; redirectTo brings them back", async ({
    page,
  }) => {
    const username = uniqueName("return");
    await signUp(page, username);
    await page.goto("/dashboard?tab=profile&x=1");
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile&x=1$/);
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    // SPEC.md's other spelling.
    await page.goto("/Dashboard?tab=profile");
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    // An unknown tab shows the profile.
    await page.goto("/dashboard?tab=nonsense");
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  });

  test("changing the password asks for the current one", async ({ page }) => {
    const username = await signedInNewUser(page, "pw");
    // Typed once the page's scripts run (a fill racing hydration is typed-before-hydration's own test's).
    await hydrated(page);
    await page.getByLabel("Password", { exact: true }).fill("a brand new password");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert")).toHaveText("Enter your current password to change your email or password.");
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("Password", { exact: true }).fill("a brand new password");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Profile Updated Successfully");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: "Sign Out" }).click();
    // Signed out once the home page is shown (going on sooner would call the sign-out off).
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await signIn(page, username, "a brand new password");
  });

  test("brute-forcing sign-in gets 429 with when to try again", async ({ page }) => {
    await page.goto("/signin");
    let lastStatus = 0;
    for (let i = 0; i < 12; i++) {
      const response = await page.request.post("/signin", { form: { username: "admin", password: `guess-${i}` } });
      lastStatus = response.status();
    }
    expect(lastStatus).toBe(429);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("one more guess");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many attempts\. Please try again in \d+ (seconds?|minute)\.$/,
    );
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign up and sign in work as plain forms, and the server checks empty fields", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText("please fill all fields");
    const username = uniqueName("nojs");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@example.edu`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/signin\?registered=1$/);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("please fill all fields");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  });
});

test.describe("admins and everyone else", () => {
  test("create-admin makes an admin who sees every tab and manages users", async ({ page }) => {
    const username = uniqueName("editor");
    const created = await createAdminCli([
      "--username",
      username,
      "--email",
      `${username}@example.edu`,
      "--password",
      PASSWORD,
    ]);
    expect(created, created.out).toMatchObject({ code: 0 });
    expect(created.out).toContain(`Admin ${username} created.`);
    const refused = await createAdminCli(["--username", "x", "--email", "not-an-email", "--password", PASSWORD]);
    expect(refused.code).not.toBe(0);

    await signIn(page, username);
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link")).toHaveText([
      "ProfileAdmin",
      "Posts",
      "Categories",
      "Users",
      "Course",
      "About",
      "Directory",
      "Announcement",
      "Focus",
      ...JOURNAL_TABS,
      "Media",
      "Trash",
      "COUNTER API",
      "Activity",
      "Outbox",
    ]);
    await expect(sidebar.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a post" })).toHaveAttribute("href", "/create-post");
    await sidebar.getByRole("link", { name: "Users" }).click();
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
    // SPEC.md's columns, with the roles beside Admin (issue 33); the invitations' table follows.
    await expect(page.getByRole("table").first().getByRole("columnheader")).toHaveText([
      "Date Created",
      "User image",
      "Username",
      "Email",
      "Admin",
      "Roles",
      "Delete",
    ]);
    await expect(page.getByRole("table").first().locator("tbody tr")).toHaveCount(5);
  });

  test("users tab: 5 a page with Show more, make and revoke admin, delete with the dialog", async ({ admin, page }) => {
    for (let i = 0; i < 5; i++) await signUp(page, uniqueName("filler"));
    const member = uniqueName("member");
    await signUp(page, member);
    await login(page, admin);
    await page.goto("/dashboard?tab=users");
    const rows = page.getByRole("table").first().locator("tbody tr");
    await expect(rows).toHaveCount(5);
    // With the page's script running, Show more appends (before it, the link opens page 2 alone):
    // wait until the page has hydrated (its theme switch says so), not only until the network is idle.
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="js"]')?.value === "1");
    await page.getByRole("link", { name: "Show more" }).click();
    // The next 5 are appended (fewer when users created meanwhile by other tests shift a page:
    // the list never shows anyone twice).
    await expect(rows).not.toHaveCount(5);
    expect(await rows.count()).toBeGreaterThan(5);
    expect(await rows.count()).toBeLessThanOrEqual(10);
    const emails = await page.getByRole("table").first().locator("tbody tr td:nth-child(4)").allTextContents();
    expect(new Set(emails).size).toBe(emails.length);

    // Other tests add users at the same time: find this one's row, wherever it is.
    const memberRow = () =>
      page
        .getByRole("table")
        .first()
        .locator("tbody tr", { hasText: `${member}@example.edu` });
    const findMember = async () => {
      await page.goto("/dashboard?tab=users");
      await page.waitForLoadState("networkidle");
      while ((await memberRow().count()) === 0) {
        const count = await rows.count();
        await page.getByRole("link", { name: "Show more" }).click();
        await expect(rows).not.toHaveCount(count);
      }
      return memberRow();
    };

    // Making an admin asks first; No,Cancel changes nothing.
    await (await findMember()).getByRole("link", { name: `Make admin: ${member}` }).click();
    const question = page.getByRole("alertdialog", { name: `Make ${member} an admin?` });
    await question.getByRole("button", { name: "No,Cancel" }).click();
    await expect(question).toBeHidden();
    await expect((await findMember()).getByRole("img", { name: "Admin: no" })).toBeVisible();
    await (await findMember()).getByRole("link", { name: `Make admin: ${member}` }).click();
    await question.getByRole("button", { name: "Yes, make admin" }).click();
    await expect(page.getByRole("status")).toHaveText(`${member} is now an admin.`);
    await expect((await findMember()).getByRole("img", { name: "Admin: yes" })).toBeVisible();
    await (await findMember()).getByRole("button", { name: `Revoke admin from ${member}` }).click();
    await expect(page.getByRole("status")).toHaveText(`${member} is no longer an admin.`);

    await (await findMember()).getByRole("link", { name: `Delete ${member}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
    await expect(page.getByRole("status")).toHaveText(`${member} deleted successfully!`);
    await expect(memberRow()).toHaveCount(0);
  });

  test("a non-admin sees only profile and Sign Out, and gets 403 from every admin page and action", async ({
    page,
  }) => {
    await signedInNewUser(page, "plain");
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link")).toHaveText(["ProfileReader"]);
    await expect(sidebar.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a post" })).toHaveCount(0);

    for (const path of [
      "/dashboard?tab=posts",
      "/dashboard?tab=users",
      "/dashboard?tab=course",
      "/dashboard?tab=about",
      "/dashboard?tab=staff",
      "/dashboard?tab=announce",
      "/dashboard?tab=focus",
      "/dashboard?tab=journals",
      "/create-post",
      "/create-journal",
      "/update-post/anything",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not allowed");
    }
    // Posting the admin forms directly is refused by the server.
    const forms: Record<string, string>[] = [
      { intent: "set-admin", userId: "someone", admin: "true" },
      { intent: "delete-user", userId: "someone" },
    ];
    for (const form of forms) {
      const response = await page.request.post("/dashboard?tab=users", { form });
      expect(response.status()).toBe(403);
    }
  });

  test("signed-out visitors are sent to sign in from every protected page", async ({ page }) => {
    for (const path of ["/dashboard", "/create-post", "/create-journal", "/update-post/123"]) {
      await page.goto(path);
      await expect(page).toHaveURL(
        new RegExp(`/signin\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
      );
    }
  });

  test("a form posted from another site is refused", async ({ page }) => {
    await page.goto("/");
    const response = await page.request.post("/signin", {
      form: { username: "x", password: "y" },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toBe(
      "This request came from another site, so it was refused. Go back to the page and try again.",
    );
  });
});
