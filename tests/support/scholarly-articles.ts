/** Articles and a journal as the scholarly exports receive them, for the citation, tag and export tests. */
import type { ArticleView } from "~/journal/article-fields";
import { DEFAULT_JOURNAL_PROFILE, type IssueView, type JournalView, licence } from "~/journal/vocabulary";

import { articleViewDefaults } from "./articles";

export const SITE = "https://journal.example.org";

/** The sample journal's names and numbers, shared by the exports' tests and their golden files. */
export const SAMPLE_JOURNAL_PROFILE = {
  ...DEFAULT_JOURNAL_PROFILE,
  title: "Journal of Peace and Security Studies",
  abbreviation: "J. Peace Secur. Stud.",
  issnPrint: "2049-3630",
  issnOnline: "1550-7998",
  publisher: "Centre for Peace & Security Studies",
  doiPrefix: "10.5555",
};

export const sampleJournal: JournalView = {
  ...SAMPLE_JOURNAL_PROFILE,
  siteUrl: SITE,
  url: `${SITE}/journals`,
};

export const sampleIssue: IssueView = {
  id: "issue-2-1",
  volume: 2,
  number: 1,
  year: 2025,
  title: "",
  description: "",
  cover: "",
  publishedOn: "2025-03-14",
  status: "published",
  url: `${SITE}/journals/issue/2/1`,
};

/** Three authors, volume 2 issue 1, pages 15–34, a DOI, 2025. */
export const sampleArticle: ArticleView = {
  ...articleViewDefaults(),
  id: "article-1",
  slug: "community-policing-and-trust",
  title: "Community policing and trust: Evidence from Lagos and Accra",
  abstract: "<p>We survey <strong>1,200</strong> residents &amp; officers.</p><p>Trust rose where patrols stayed.</p>",
  authors: [
    {
      given: "Ngozi",
      family: "Okafor",
      affiliation: "University of Lagos",
      orcid: "0000-0002-1825-0097",
      email: "n.okafor@unilag.example",
      corresponding: true,
    },
    {
      given: "Samuel",
      family: "Mensah",
      affiliation: "University of Ghana",
      orcid: "",
      email: "s.mensah@ug.example",
      corresponding: false,
    },
    {
      given: "Aisha",
      family: "Bello",
      affiliation: "",
      orcid: "0000-0001-5109-3700",
      email: "aisha.bello@abu.example",
      corresponding: false,
    },
  ],
  keywords: ["community policing", "public trust", "West Africa"],
  section: "research",
  firstPage: 15,
  lastPage: 34,
  doi: "10.5555/jpss.2025.002",
  licence: licence("CC-BY-4.0")!,
  language: "en",
  receivedOn: "2024-10-01",
  acceptedOn: "2025-01-20",
  publishedOn: "2025-03-14",
  references: [
    "Skogan, W. G. (2006). Police and community in Chicago. Oxford University Press.",
    "Tankebe, J. (2009). Public cooperation with the police in Ghana. Law & Society Review, 43(2), 245–270.",
  ],
  supplementary: [],
  issue: sampleIssue,
  url: `${SITE}/journal/community-policing-and-trust`,
  pdfUrl: `${SITE}/journal/community-policing-and-trust/pdf`,
  updatedAt: new Date("2025-03-14T09:00:00Z"),
};

/** Online first: one author, no issue, pages or DOI yet. */
export const onlineFirstArticle: ArticleView = {
  ...sampleArticle,
  id: "article-2",
  slug: "border-markets",
  title: "Border markets and conflict",
  abstract: "<p>Markets at the border.</p>",
  authors: [
    {
      given: "Fatima",
      family: "Diallo",
      affiliation: "Université Cheikh Anta Diop",
      orcid: "",
      email: "f.diallo@ucad.example",
      corresponding: true,
    },
  ],
  keywords: [],
  firstPage: null,
  lastPage: null,
  doi: "",
  publishedOn: "2025-06-02",
  references: [],
  issue: null,
  url: `${SITE}/journal/border-markets`,
  pdfUrl: `${SITE}/journal/border-markets/pdf`,
};
