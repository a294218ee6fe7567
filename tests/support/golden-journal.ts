/**
 * The fixed journal behind the golden files of the scholarly exports (issue 32): every value that
 * reaches an export is written here (the journal's names and numbers are the sample journal's,
 * ./scholarly-articles.ts), ids, dates and the OAI-PMH datestamps included, so the same
 * input always gives the same bytes. The rows are whole database rows: the exports that take views
 * get them through the same conversion as the site (articleView), and the OAI-PMH test inserts
 * them as they are.
 */
import type { articles, journalIssues, journalWithdrawals } from "~/db/schema";
import { articleView, issueView, journalView } from "~/journal/article-view.server";
import type { JournalProfile } from "~/journal/vocabulary";

import { articleRow } from "./articles";
import { SAMPLE_JOURNAL_PROFILE } from "./scholarly-articles";

type ArticleRow = typeof articles.$inferSelect;
type IssueRow = typeof journalIssues.$inferSelect;

export const GOLDEN_SITE_URL = "https://journal.example.org";

/** The rows' created_at and updated_at: no export shows them (each article has its own day), fixed all the same. */
const MADE = new Date("2025-05-19T16:00:00Z");

export const goldenProfile: JournalProfile = { ...SAMPLE_JOURNAL_PROFILE, licence: "CC-BY-4.0" };

export const goldenIssueRow: IssueRow = {
  id: "6a0e4b3c-2f51-4c8e-9d1a-0b7c3e5f2a41",
  volume: 4,
  number: 2,
  year: 2025,
  title: "",
  description: "",
  cover: "",
  publishedOn: "2025-05-20",
  status: "published",
  createdAt: MADE,
  updatedAt: MADE,
};

/** A row of the fixed journal: in its issue, published on the issue's day, unless it says otherwise. */
const article = (fields: Partial<ArticleRow> & Pick<ArticleRow, "id" | "slug" | "title">): ArticleRow =>
  articleRow({
    issueId: goldenIssueRow.id,
    publishedOn: "2025-05-20",
    createdAt: MADE,
    updatedAt: MADE,
    metadataChangedAt: MADE,
    ...fields,
  });

/**
 * The article every format is shown with: two authors with diacritics (one with an ORCID iD, both
 * with an affiliation), an abstract with markup and an ampersand, a title with characters XML and
 * BibTeX escape, pages, a DOI, a licence of its own, keywords and references.
 */
export const goldenArticleRow: ArticleRow = article({
  id: "3f1c9a7e-5b2d-4e8f-a6c0-9d4b1e2f7a38",
  slug: "mediation-after-the-crisis",
  title: "Mediation after the crisis: Trust & local peace committees in Côte d'Ivoire",
  abstract:
    "<p>We interviewed <strong>142</strong> mediators &amp; elders in Bouaké and Korhogo.</p>" +
    "<p>Trust in the <em>comités de paix</em> rose where they met monthly.</p>",
  authors: [
    {
      given: "Aïssatou",
      family: "Koné",
      affiliation: "Université Félix Houphouët-Boigny",
      orcid: "0000-0002-1825-0097",
      email: "a.kone@ufhb.example",
      corresponding: true,
    },
    {
      given: "Søren",
      family: "Ångström",
      affiliation: "Uppsala University",
      orcid: "",
      email: "soren@uu.example",
      corresponding: false,
    },
  ],
  keywords: ["peace committees", "médiation", "Côte d'Ivoire"],
  firstPage: 101,
  lastPage: 124,
  doi: "10.5555/jpss.2025.041",
  licence: "CC-BY-SA-4.0",
  receivedOn: "2024-11-04",
  acceptedOn: "2025-02-17",
  publishedOn: "2025-05-20",
  references: [
    "Autesserre, S. (2014). Peaceland: Conflict resolution and the everyday politics of international intervention. Cambridge University Press.",
    "Koné, A. (2021). Les comités de paix à Bouaké. Revue Ivoirienne de Sociologie, 12(1), 33–51.",
  ],
  funding: "Swedish Research Council & the Fonds ivoirien pour la paix (grant 2023-0417).",
  metadataChangedAt: new Date("2025-05-20T08:30:00Z"),
});

/** A book review in the same issue: one author known by a single name, one page range, a DOI, no keywords. */
export const goldenReviewRow: ArticleRow = article({
  id: "8b2d6f10-7c3e-4a59-b1d4-e6f0a2c9b573",
  slug: "review-peaceland",
  title: "Review of “Peaceland” by Séverine Autesserre",
  abstract: "<p>A reading of the book for practitioners.</p>",
  section: "book-review",
  authors: [{ given: "Sékou", family: "", affiliation: "", orcid: "", email: "", corresponding: true }],
  firstPage: 125,
  lastPage: 127,
  doi: "10.5555/jpss.2025.042",
  metadataChangedAt: new Date("2025-05-20T08:31:00Z"),
});

/** Online first: no issue, pages or DOI yet; the journal's default licence. */
export const goldenOnlineFirstRow: ArticleRow = article({
  id: "c4e7a2b9-1d36-4f08-8e5a-3b9c7d2f6e15",
  slug: "border-markets-and-conflict",
  title: "Border markets and conflict",
  abstract: "<p>Markets at the border of Mali and Burkina Faso.</p>",
  issueId: null,
  authors: [
    {
      given: "Fatoumata",
      family: "Diallo",
      affiliation: "Université Cheikh Anta Diop",
      orcid: "",
      email: "f.diallo@ucad.example",
      corresponding: true,
    },
  ],
  keywords: ["borders"],
  publishedOn: "2025-06-02",
  metadataChangedAt: new Date("2025-06-02T07:00:00Z"),
});

/** An article withdrawn after it was public: OAI-PMH reports it as a deleted record. */
export const goldenWithdrawal: typeof journalWithdrawals.$inferSelect = {
  articleId: "e9a1f5c3-4b7d-4c20-9f6e-2d8b0a3c5e97",
  slug: "withdrawn-article",
  issueId: goldenIssueRow.id,
  section: "research",
  withdrawnAt: new Date("2025-06-10T12:00:00Z"),
};

export const goldenJournal = journalView(goldenProfile, GOLDEN_SITE_URL);
export const goldenIssue = issueView(goldenIssueRow, GOLDEN_SITE_URL);
const view = (row: ArticleRow) => articleView(row, row.issueId ? goldenIssueRow : null, goldenProfile, GOLDEN_SITE_URL);
export const goldenArticle = view(goldenArticleRow);
export const goldenReview = view(goldenReviewRow);
export const goldenOnlineFirst = view(goldenOnlineFirstRow);

/** The depositor of the Crossref files, and the moment of the deposit (its batch id and timestamp). */
export const goldenDepositor = { name: "Centre for Peace & Security Studies", email: "editor@journal.example.org" };
export const GOLDEN_DEPOSIT_TIME = new Date("2025-05-21T09:15:00Z");
/** OAI-PMH's responseDate. */
export const GOLDEN_RESPONSE_TIME = new Date("2025-06-15T10:00:00Z");
