import { describe, expect, it } from "vitest";

import { ARTICLE_FIELD_DEFAULTS, ARTICLE_FIELDS, ARTICLE_REVISION_KEYS } from "~/journal/article-fields";
import { revisionDiff } from "~/lib/revision-diff.server";

import { articleFieldExamples } from "../../../tests/support/articles";
import { articleRevisionFields } from "./revision-fields.server";

const ISSUE_ID = "00000000-0000-4000-8000-0000000000a1";
const fields = articleRevisionFields(new Map([[ISSUE_ID, "Vol. 3 No. 1 (2026)"]]));

/** An article's revision as the articles service keeps it: every field it keeps. */
const revision = {
  title: "Borders and patrols",
  abstract: "<p>How border communities live.</p>",
  pdf: "/uploads/a.pdf",
  slug: "borders-and-patrols",
  status: "published",
  ...Object.fromEntries(ARTICLE_REVISION_KEYS.map((key) => [key, ARTICLE_FIELD_DEFAULTS[key]])),
  authors: [
    { given: "Ngozi", family: "Okafor", affiliation: "Lagos", orcid: "", email: "n@x.org", corresponding: true },
  ],
  keywords: ["borders", "communities"],
  firstPage: 1,
  lastPage: 20,
  doi: "10.5555/jpss.1",
  receivedOn: "2026-01-02",
  references: ["Galtung 1969"],
};

const changed = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.fromEntries(
    revisionDiff(fields, before, after).map((change) => [
      change.label,
      change.parts.map((p) => (p.change ? `${p.change === "added" ? "+" : "-"}${p.text}` : p.text)).join(""),
    ]),
  );

describe("the comparison of an article's revisions (issue 31)", () => {
  it("covers every field a revision keeps", () => {
    expect(fields.map((field) => field.name).sort()).toEqual(Object.keys(revision).sort());
  });

  it("shows a changed DOI, authors and keywords, as the editor reads them", () => {
    const after = {
      ...revision,
      doi: "10.5555/jpss.2",
      authors: [
        ...revision.authors,
        {
          given: "Samuel",
          family: "Mensah",
          affiliation: "",
          orcid: "0000-0002-1825-0097",
          email: "",
          corresponding: false,
        },
      ],
      keywords: ["borders", "patrols"],
      issueId: ISSUE_ID,
      licence: "CC-BY-SA-4.0",
    };
    const diff = changed(revision, after);
    expect(Object.keys(diff)).toEqual(["Issue", "Authors", "Keywords", "DOI", "Licence"]);
    expect(diff.DOI).toBe("10.5555/jpss.-1+2");
    expect(diff.Authors).toContain("Ngozi Okafor, Lagos, n@x.org, corresponding author");
    expect(diff.Authors).toContain("+Samuel Mensah, ORCID 0000-0002-1825-0097");
    expect(diff.Keywords).toContain("-communities");
    expect(diff.Keywords).toContain("+patrols");
    expect(diff.Issue).toBe("+Vol. 3 No. 1 (2026)");
    expect(diff.Licence).toBe("+CC BY-SA 4.0");
  });

  it("shows a change of every field a revision keeps under the label the editor gives it", () => {
    const examples = articleFieldExamples();
    for (const key of ARTICLE_REVISION_KEYS) {
      const diff = changed({ ...revision, [key]: ARTICLE_FIELD_DEFAULTS[key] }, { ...revision, [key]: examples[key] });
      expect(Object.keys(diff), key).toEqual([ARTICLE_FIELDS[key].label]);
    }
  });

  it("finds no difference between equal revisions", () => {
    expect(changed(revision, structuredClone(revision))).toEqual({});
  });

  it("leaves out the scholarly fields a revision kept before they existed: restoring it leaves them", () => {
    const old = {
      title: "Borders",
      abstract: revision.abstract,
      pdf: revision.pdf,
      slug: revision.slug,
      status: "draft",
    };
    expect(Object.keys(changed(old, revision))).toEqual(["Article title", "Status"]);
  });
});
