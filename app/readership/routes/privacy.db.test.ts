import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";

import { getRuntime } from "~/runtime.server";

import { setUpRouteRuntime } from "../../../tests/support/route-runtime";
import Privacy, { loader } from "./privacy";

setUpRouteRuntime();

/** The page's words, as a reader reads them. */
async function pageText() {
  const loaderData = await loader({ request: new Request("http://localhost/privacy") } as never);
  const html = renderToStaticMarkup(createElement(Privacy as never, { loaderData }));
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

it("says what is counted and kept: no cookie, no outside service, the secret's days, the figures kept for good", async () => {
  const text = await pageText();
  expect(text).toContain("No cookie for reading.");
  expect(text).toContain("No outside service.");
  expect(text).toContain("Each secret is deleted after 2 days");
  expect(text).toContain("keep that site's name");
  expect(text).toContain("Your country only when our proxy says it.");
  expect(text).toContain("The daily figures are kept for good");
});

it("follows this server's settings", async () => {
  const { config } = await getRuntime();
  Object.assign(config.readership, { secretDays: 1, retentionDays: 730 });
  const text = await pageText();
  expect(text).toContain("Each secret is deleted after one day");
  expect(text).toContain("The daily figures are deleted after 730 days.");
});
