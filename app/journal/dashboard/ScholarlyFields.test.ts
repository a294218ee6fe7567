import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { articleEditorForm, articleFieldExamples } from "../../../tests/support/articles";
import { ARTICLE_EDITOR_ROWS, ARTICLE_FIELDS } from "../article-fields";
import { ScholarlyFields } from "./ScholarlyFields";

describe("the article editor's scholarly details (issue 32)", () => {
  it("draws every declared simple field with its label and the article's value", () => {
    const values = articleEditorForm({}, { ...articleFieldExamples(), issueId: null });
    // The upload fields read the root route's limits: a router without them, as a page's first paint has.
    const element = createElement(ScholarlyFields, { values, errors: {}, issues: [], defaultLicence: "CC-BY-4.0" });
    const router = createMemoryRouter([{ id: "root", path: "/", element }]);
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    for (const row of ARTICLE_EDITOR_ROWS) {
      if ("own" in row) {
        expect(html).toContain(ARTICLE_FIELDS[row.own].label);
        continue;
      }
      for (const field of row.fields) {
        expect(html, field.key).toContain(`name="${field.key}"`);
        expect(html, field.key).toContain(field.label);
        const value = values[field.key];
        if (value && field.input !== "select") expect(html, field.key).toContain(value.split("\n")[0]);
      }
    }
  });
});
