import http from "node:http";

import { expect, newClientAddress, test, uniqueName } from "./fixtures";

/**
 * A client on another origin, as the earlier system's client runs (docs/earlier-client.md): a real
 * page served from another port, which CORS_ORIGINS lists (playwright.config.ts), calls the API with
 * the visitor's cookies. No request is routed by Playwright here: its routing answers preflights
 * itself, allowing everything, and would hide the browser's refusal.
 */

// It saves a staff record (and saves it back), which other specs read: it runs while no other test
// holds the site's shared content (`sharedContent`, tests/e2e/fixtures.ts).
test.use({ sharedContent: "rewrite" });

const PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT);
const PARTNER = `http://127.0.0.1:${PARTNER_PORT}`;

/** The other site: one page, which has nothing of this site's but what it fetches. */
async function servePartner() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end("<!doctype html><html lang=en><title>Partner site</title><h1>Partner site</h1></html>");
  });
  await new Promise<void>((resolve) => server.listen(PARTNER_PORT, "127.0.0.1", resolve));
  return server;
}

test("a page on another origin that CORS_ORIGINS lists saves a staff record as the earlier client does, with Authorization: Bearer null", async ({
  browser,
  admin,
  baseURL,
}) => {
  const partner = await servePartner();
  // A context without the fixtures' extra X-Forwarded-For header, which would be one more header
  // for the preflight to allow (the earlier client does not send it).
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: {} });
  try {
    const signIn = await context.request.post("/api/auth/signin", {
      data: { username: admin.username, password: admin.password },
      headers: { "X-Forwarded-For": newClientAddress(test.info().workerIndex) },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);

    const page = await context.newPage();
    await page.goto(`${PARTNER}/`);
    await expect(page.getByRole("heading", { name: "Partner site" })).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);

    /** The earlier client's save: PUT with the cookies, JSON, and `Authorization: Bearer null`. */
    const save = (record: Record<string, unknown>) =>
      page.evaluate(
        async ({ url, body }) => {
          try {
            const reply = await fetch(url, {
              method: "PUT",
              credentials: "include",
              headers: { "Content-Type": "application/json", Authorization: "Bearer null" },
              body: JSON.stringify(body),
            });
            return { status: reply.status, body: await reply.json() };
          } catch (error) {
            // What a refused preflight looks like from a page: the request never happened.
            return { status: 0, body: String(error) };
          }
        },
        { url: `${baseURL}/api/staff/library`, body: record },
      );

    const original = await (await context.request.get("/api/staff/library")).json();
    const description = `Saved from the partner site ${uniqueName("cors")}`;
    const saved = await save({ ...original, description });
    expect(saved, "the browser sent the save and the site took it").toMatchObject({
      status: 200,
      body: { role: "library", description },
    });
    // It is stored: the site itself now answers it.
    expect(await (await context.request.get("/api/staff/library")).json()).toMatchObject({ description });

    // And back as it was, the same way.
    expect(await save(original)).toMatchObject({ status: 200, body: { description: original.description } });
  } finally {
    await context.close();
    await new Promise((resolve) => partner.close(resolve));
  }
});
