import { expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";
import { authorField, supplementaryField } from "~/journal/forms";
import {
  AUTHOR_FAMILY_REQUIRED,
  DOI_TAKEN,
  ORCID_INVALID,
  PAGES_ORDER,
  SUPPLEMENTARY_FILE_MISSING,
} from "~/journal/messages";

import { articleEditorForm, storedAuthor } from "../../../tests/support/articles";
import { setUpDashboardWorld } from "../../../tests/support/dashboard-world";
import { issueInput } from "../../../tests/support/journal-issues";
import { action, loader } from "./article-editor";

const world = setUpDashboardWorld();

async function pdf() {
  const bytes = renderPdf([{ text: "An article", style: "title" }], { title: "An article", author: "Tests" });
  return (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "article.pdf" })).url;
}

/** The editor's form sent by the admin, as the page sends it (the page draws only some author slots). */
async function send(fields: Record<string, string>, journalId?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`http://localhost/${journalId ? `update-journal/${journalId}` : "create-journal"}`, {
    method: "POST",
    body,
    headers: { cookie: world.admin.cookie },
  });
  const answer = await action({ request, params: journalId ? { journalId } : {}, context: {} } as never);
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
  const { data, init } = answer as unknown as { data: { errors: Record<string, string> }; init?: { status?: number } };
  return { status: init?.status ?? 200, errors: data.errors };
}

const ARTICLE = articleEditorForm(
  {
    abstract: "<p>An abstract.</p>",
    section: "review",
    keywords: "borders; migration, security",
    firstPage: "12",
    lastPage: "30",
    licence: "CC-BY-4.0",
    language: "fr",
    receivedOn: "2026-01-10",
    acceptedOn: "2026-03-01",
    references: "Okafor, N. (2024). Borders.\n\nMensah, S. (2023). Ports.",
  },
  {
    authors: [
      storedAuthor("Ngozi", "Okafor", {
        affiliation: "University of Lagos",
        orcid: "https://orcid.org/0000-0002-1825-0097",
        email: "n.okafor@example.edu",
        corresponding: true,
      }),
      storedAuthor("Samuel", "Mensah"),
    ],
  },
);

it("saves an article's scholarly details with its authors in order, and shows them again", async () => {
  const issue = await world.services.journal.createIssue(issueInput());
  const file = await pdf();
  const title = `Borders and ports ${Date.now()}`;
  const saved = await send({ ...ARTICLE, title, pdf: file, issueId: issue.id, doi: "doi:10.5555/jpss.9.1" });
  const stored = (await world.services.articles.adminList({ q: title })).items[0];
  // The list says what was saved (issue 33).
  expect(saved).toMatchObject({ status: 302, location: `/dashboard?tab=journals&saved=${stored.id}` });

  const article = (await world.services.articles.byId(stored.id, "admin"))!;
  expect(article).toMatchObject({
    issueId: issue.id,
    section: "review",
    keywords: ["borders", "migration", "security"],
    firstPage: 12,
    lastPage: 30,
    doi: "10.5555/jpss.9.1",
    licence: "CC-BY-4.0",
    language: "fr",
    receivedOn: "2026-01-10",
    references: ["Okafor, N. (2024). Borders.", "Mensah, S. (2023). Ports."],
  });
  const okafor = { affiliation: "University of Lagos", orcid: "0000-0002-1825-0097", email: "n.okafor@example.edu" };
  expect(article.authors).toEqual([
    storedAuthor("Ngozi", "Okafor", { ...okafor, corresponding: true }),
    storedAuthor("Samuel", "Mensah"),
  ]);

  const request = new Request(`http://localhost/update-journal/${article.id}`, {
    headers: { cookie: world.admin.cookie },
  });
  const shown = await loader({ request, params: { journalId: article.id }, context: {} } as never);
  expect(shown.values).toMatchObject({
    issueId: issue.id,
    keywords: "borders; migration; security",
    [authorField(0, "orcid")]: "0000-0002-1825-0097",
    [authorField(0, "corresponding")]: "on",
  });
  // The authors in their order, then an empty slot for another.
  const shownFields: Record<string, string> = shown.values;
  expect([0, 1, 2].map((slot) => shownFields[authorField(slot, "family")])).toEqual(["Okafor", "Mensah", ""]);
  expect(shown.choices.issues.map((i) => i.id)).toContain(issue.id);

  // Another article cannot take the same DOI: said at the DOI field.
  const again = await send({ ...ARTICLE, title: `${title} again`, pdf: file, doi: "10.5555/jpss.9.1" });
  expect(again).toMatchObject({ status: 409, errors: { doi: DOI_TAKEN } });
});

it("refuses a bad ORCID iD, an author without a family name and pages out of order, at their fields", async () => {
  const refused = await send({
    ...ARTICLE,
    title: "Refused",
    pdf: await pdf(),
    [authorField(0, "orcid")]: "0000-0002-1825-0098",
    [authorField(1, "family")]: "",
    firstPage: "30",
    lastPage: "12",
  });
  expect(refused.status).toBe(400);
  expect(refused.errors).toMatchObject({
    [authorField(0, "orcid")]: ORCID_INVALID,
    [authorField(1, "family")]: AUTHOR_FAMILY_REQUIRED,
    lastPage: PAGES_ORDER,
  });
  expect((await world.services.articles.adminList({ q: "Refused" })).items).toHaveLength(0);
});

it("keeps supplementary PDFs with their labels, and refuses a label without its file", async () => {
  const [file, appendix] = [await pdf(), await pdf()];
  const title = `With an appendix ${Date.now()}`;
  const refused = await send({
    ...ARTICLE,
    title,
    pdf: file,
    [supplementaryField(0, "label")]: "Appendix A",
  });
  expect(refused.status).toBe(400);
  expect(refused.errors?.[supplementaryField(0, "file")]).toBe(SUPPLEMENTARY_FILE_MISSING);
  const notOurs = await send({
    ...ARTICLE,
    title,
    pdf: file,
    [supplementaryField(0, "label")]: "Appendix A",
    [supplementaryField(0, "file")]: "https://elsewhere.example/a.pdf",
  });
  expect(notOurs.status).toBe(400);

  const saved = await send({
    ...ARTICLE,
    title,
    pdf: file,
    [supplementaryField(0, "label")]: "Appendix A: the questionnaire",
    [supplementaryField(0, "file")]: appendix,
  });
  expect(saved.status).toBe(302);
  const stored = (await world.services.articles.adminList({ q: title })).items[0];
  const article = (await world.services.articles.byId(stored.id, "admin"))!;
  expect(article.supplementary).toEqual([{ label: "Appendix A: the questionnaire", file: appendix }]);
  const editor = await loader({
    request: new Request(`http://localhost/update-journal/${article.id}`, { headers: { cookie: world.admin.cookie } }),
    params: { journalId: article.id },
    context: {},
  } as never);
  expect((editor as { values: Record<string, string> }).values[supplementaryField(0, "file")]).toBe(appendix);
});
