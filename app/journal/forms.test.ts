import { describe, expect, it } from "vitest";

import { articleEditorSchema, authorField, supplementaryField } from "./forms";

const PDF = "/uploads/2026-11/0f8fad5b-d9cb-469f-a165-70867728950e.pdf";

/** The article editor's fields as the browser sends them: only the slots the page draws. */
const drawn = {
  title: "An article",
  abstract: "<p>Abstract</p>",
  pdf: PDF,
  status: "published",
  publishAt: "",
  tzOffset: "",
  slug: "",
  version: "",
  draftId: "",
  issueId: "",
  section: "research",
  keywords: "",
  firstPage: "",
  lastPage: "",
  doi: "",
  licence: "",
  language: "en",
  receivedOn: "",
  acceptedOn: "",
  publishedOn: "",
  references: "",
  [authorField(0, "given")]: "Amina",
  [authorField(0, "family")]: "Yusuf",
  [supplementaryField(0, "label")]: "",
  [supplementaryField(0, "file")]: "",
};

describe("the article editor's form, checked in the browser before it is sent", () => {
  it("passes with only the author and supplementary-file slots the page draws", () => {
    expect(articleEditorSchema.safeParse(drawn).success).toBe(true);
  });

  it("still refuses what is wrong in a drawn slot", () => {
    const parsed = articleEditorSchema.safeParse({ ...drawn, [supplementaryField(0, "label")]: "Appendix" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual([supplementaryField(0, "file")]);
  });
});
