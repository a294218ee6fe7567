import { ISSN_INVALID, ISSUE_TAKEN, ORCID_INVALID } from "../../app/journal/messages";
import { startArticle } from "../support/e2e-articles";
import { expect, test, uniqueName } from "./fixtures";

// These tests save the journal's settings (or try to), which other specs read: each runs while no
// other test holds the site's shared content, which is put back as it was afterwards
// (`sharedContent`, tests/e2e/fixtures.ts). The issues and articles are each test's own.
test.use({ sharedContent: "rewrite" });

/**
 * The journal as a periodical from the dashboard (issue 20): its settings, an issue, and an
 * article placed in it with its authors, through the screens an editor uses.
 */
test("an admin sets up the journal, creates an issue and publishes an article in it with two authors", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const member = `Amina Bello ${uniqueName("m")}`;

  // The journal's settings: a wrong ISSN check digit is told at its field, then a board member is added.
  await page.goto("/dashboard?tab=journal");
  await page.getByLabel("ISSN (print)").fill("2049-3631");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const issnField = page.getByLabel("ISSN (print)");
  await expect(issnField).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(ISSN_INVALID).first()).toBeVisible();
  await issnField.fill("2049-3630");
  const rows = page.getByRole("group", { name: /^Board member \d+$/ });
  const before = await rows.count();
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(rows).toHaveCount(before + 1);
  const added = page.getByRole("group", { name: `Board member ${before + 1}` });
  await added.getByLabel("Name").fill(member);
  await added.getByLabel("Role").fill("Book Reviews Editor");
  await added.getByLabel("Affiliation").fill("Ahmadu Bello University");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Journal settings saved.");
  await page.goto("/dashboard?tab=journal");
  await expect(page.getByLabel("ISSN (print)")).toHaveValue("2049-3630");
  const saved = page
    .getByRole("group", { name: /^Board member \d+$/ })
    .filter({ has: page.locator(`input[value="${member}"]`) });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByLabel("Role")).toHaveValue("Book Reviews Editor");

  // An issue of a volume no other run uses; the same volume and number again is refused at the number.
  const volume = String(100 + Math.floor(Math.random() * 9000));
  const label = `Vol. ${volume} No. 1 (2026)`;
  await page.goto("/dashboard?tab=issues");
  const createIssue = async () => {
    const form = page.locator("form", { has: page.getByRole("heading", { name: "New issue" }) });
    await form.getByLabel("Volume", { exact: true }).fill(volume);
    await form.getByLabel("Number", { exact: true }).fill("1");
    await form.getByLabel("Year", { exact: true }).fill("2026");
    await form.getByLabel("Title", { exact: true }).fill("Borders and mobility");
    await form.getByLabel("Status", { exact: true }).selectOption("forthcoming");
    await form.getByRole("button", { name: "Create issue" }).click();
  };
  await createIssue();
  await expect(page.getByRole("status")).toHaveText("Issue saved.");
  const row = page.getByRole("row", { name: new RegExp(label.replace(/[()]/g, "\\$&")) });
  await expect(row).toContainText("Borders and mobility");
  await expect(row).toContainText("Forthcoming");
  await expect(row.getByRole("link", { name: `Crossref XML of ${label}` })).toHaveAttribute(
    "href",
    `/journals/issue/${volume}/1/crossref.xml`,
  );
  await expect(row.getByRole("link", { name: `DOAJ XML of ${label}` })).toHaveAttribute(
    "href",
    `/journals/issue/${volume}/1/doaj.xml`,
  );
  await createIssue();
  await expect(page.getByLabel("Number", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(ISSUE_TAKEN).first()).toBeVisible();

  // The article, in that issue, with two authors; the second is moved up to lead the byline.
  const title = `Border communities ${uniqueName("a")}`;
  await startArticle(page, title, "How border communities live with patrols.");
  await page.getByLabel("Issue", { exact: true }).selectOption({ label: `${label}: Borders and mobility` });
  await page.getByLabel("Section").selectOption({ label: "Review Articles" });

  const author = (n: number) => page.getByRole("group", { name: `Author ${n}`, exact: true });
  await author(1).getByLabel("Given name").fill("Ngozi");
  await author(1).getByLabel("Family name").fill("Okafor");
  await author(1).getByLabel("ORCID iD").fill("0000-0002-1825-0097");
  await author(1).getByLabel("E-mail (not shown publicly)").fill("n.okafor@example.edu");
  await page.getByRole("button", { name: "Add author" }).click();
  await author(2).getByLabel("Given name").fill("Samuel");
  await author(2).getByLabel("Family name").fill("Mensah");
  await author(2).getByLabel("ORCID iD").fill("0000-0002-1825-0098");
  await author(2).getByLabel("Corresponding author").check();
  await page.getByLabel("Keywords").fill("borders; communities");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(author(2).getByLabel("ORCID iD")).toHaveAttribute("aria-invalid", "true");
  await expect(author(2).getByText(ORCID_INVALID)).toBeVisible();
  await expect(page).toHaveURL(/\/create-journal$/);

  await author(2).getByLabel("ORCID iD").fill("");
  await author(2).getByRole("button", { name: "Move up" }).click();
  await expect(author(1).getByLabel("Family name")).toHaveValue("Mensah");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=journals&saved=/);

  // Its editor shows the authors in the order saved, with the issue chosen.
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit article" })).toBeVisible();
  await expect(author(1).getByLabel("Family name")).toHaveValue("Mensah");
  await expect(author(1).getByLabel("Corresponding author")).toBeChecked();
  await expect(author(2).getByLabel("Family name")).toHaveValue("Okafor");
  await expect(author(2).getByLabel("ORCID iD")).toHaveValue("0000-0002-1825-0097");
  await expect(author(3).getByLabel("Family name")).toHaveValue("");
  await expect(page.getByLabel("Issue", { exact: true }).locator("option:checked")).toHaveText(
    `${label}: Borders and mobility`,
  );
  await expect(page.getByLabel("Section")).toHaveValue("review");
  const slug = await page.getByLabel("Address").inputValue();

  // The issue now has an article: it cannot be deleted, and says why.
  await page.goto("/dashboard?tab=issues");
  await page.getByRole("link", { name: `Delete ${label}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
  await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toContainText(
    "This issue still has articles",
  );

  // An author's e-mail is for the editors only: not on the list, nor in the article page's data.
  expect(slug).not.toBe("");
  for (const path of ["/journals", `/journal/${slug}`]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(await answer.text(), path).not.toContain("n.okafor@example.edu");
  }
});

test.describe("before any script has loaded", () => {
  test.use({ javaScriptEnabled: false });

  test("the journal settings and the article editor are plain forms: refusals come back at their fields", async ({
    adminPage: page,
  }) => {
    await page.goto("/dashboard?tab=journal");
    await expect(page.getByRole("button", { name: "Add member" })).toHaveCount(0);
    const rows = page.getByRole("group", { name: /^Board member \d+$/ });
    const filled = await rows.evaluateAll(
      (groups) => groups.filter((g) => (g.querySelector("input") as HTMLInputElement).value !== "").length,
    );
    await expect(rows).toHaveCount(filled + 2);
    await page.getByLabel("Publisher").fill("Typed before the scripts");
    await page.getByLabel("ISSN (online)").fill("1234-5678");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByLabel("ISSN (online)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("ISSN (online)")).toHaveValue("1234-5678");
    await expect(page.getByLabel("Publisher")).toHaveValue("Typed before the scripts");

    await page.goto("/create-journal");
    await expect(page.getByRole("button", { name: "Add author" })).toHaveCount(0);
    await expect(page.getByRole("group", { name: /^Author \d+$/ })).toHaveCount(1);
    await page.getByLabel("Article title").fill("An article without scripts");
    await page.getByLabel("Given name").fill("Aisha");
    await page.getByLabel("Family name").fill("Bello");
    await page.getByLabel("ORCID iD").fill("0000-0002-1825-0098");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    // The filled author and one more empty row, the refused iD told at its own field.
    const first = page.getByRole("group", { name: "Author 1", exact: true });
    await expect(page.getByRole("group", { name: /^Author \d+$/ })).toHaveCount(2);
    await expect(first.getByLabel("ORCID iD")).toHaveAttribute("aria-invalid", "true");
    await expect(first.getByText(ORCID_INVALID)).toBeVisible();
    await expect(first.getByLabel("Family name")).toHaveValue("Bello");
  });
});
