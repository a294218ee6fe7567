import { describe, expect, it } from "vitest";

import { articleEditorForm, drawnSlotsOnly } from "../../tests/support/articles";
import { articleEditorSchema, supplementaryField } from "./forms";

const PDF = "/uploads/2026-11/0f8fad5b-d9cb-469f-a165-70867728950e.pdf";

/** The article editor's fields as the browser sends them: only the slots the page draws. */
const drawn = drawnSlotsOnly(
  articleEditorForm(
    { pdf: PDF, status: "published" },
    { authors: [{ given: "Amina", family: "Yusuf", affiliation: "", orcid: "", email: "", corresponding: false }] },
  ),
  (name) => name === supplementaryField(0, "label") || name === supplementaryField(0, "file"),
);

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
