import { expect, it } from "vitest";

import { previewedArticle } from "~/journal/web/preview.server";

import { articleEditorForm, storedAuthor } from "../../tests/support/articles";
import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { action } from "./preview";

const world = setUpDashboardWorld();

/** The editor's Preview: the form as it is, posted to /preview by the admin. */
async function postPreview(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ previewKind: "journal", recordId: "", ...fields }))
    body.append(name, value);
  const request = new Request("http://localhost/preview", {
    method: "POST",
    body,
    headers: { cookie: world.admin.cookie },
  });
  return (await action({ request, params: {}, context: {} } as never)) as Response;
}

/** The preview link's token, from the answer to a Preview. */
const tokenOf = (answer: Response) => answer.headers.get("location")!.split("/").pop()!;

const preview = async (fields: Record<string, string>) => tokenOf(await postPreview(fields));

const FORM = articleEditorForm(
  {
    title: "A previewed article",
    abstract: "<p>Abstract.</p>",
    section: "policy",
    keywords: "ports; borders",
    firstPage: "3",
    lastPage: "9",
    licence: "CC0-1.0",
    references: "One.\nTwo.",
  },
  { authors: [storedAuthor("Aisha", "Bello", { email: "a.bello@example.edu" })] },
);

it("shows an article's scholarly details as the editor has them, without the authors' e-mails", async () => {
  const { article } = await previewedArticle(await preview(FORM));
  expect(article).toMatchObject({
    title: "A previewed article",
    section: "policy",
    keywords: ["ports", "borders"],
    firstPage: 3,
    lastPage: 9,
    licence: "CC0-1.0",
    references: ["One.", "Two."],
  });
  expect(article.authors).toEqual([
    { given: "Aisha", family: "Bello", affiliation: "", orcid: "", email: "", corresponding: false },
  ]);
});

it("leaves out details that do not pass the editor's checks", async () => {
  const { article } = await previewedArticle(await preview({ ...FORM, firstPage: "9", lastPage: "3" }));
  expect(article).toMatchObject({ title: "A previewed article", section: "research", authors: [], firstPage: null });
});

it("previews a post whose title is cut at its length inside an emoji, keeping whole characters (issue 31)", async () => {
  const answer = await postPreview({
    previewKind: "post",
    title: `${"a".repeat(199)}😀 and the rest`,
    content: "<p>Text.</p>",
  });
  expect(answer.status).toBe(302);
  const token = tokenOf(answer);
  const kept = await world.services.previews.byToken(token);
  expect(kept).toMatchObject({ kind: "post", title: "a".repeat(199) });
});
