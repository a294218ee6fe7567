import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiWorld, openApiWorld } from "../../tests/support/api";
import { testDatabaseKind } from "../../tests/support/database";

/**
 * Issue 31: JSON's `\ud800` escape makes half of a surrogate pair, which no form can send. Saved
 * into a JSON column (a settings section's fields, the activity log's details) PostgreSQL refuses
 * the whole value: the settings call answered 500, and an article's creation was left out of the
 * activity log. The API refuses such text as it reads the body.
 */
let world: ApiWorld;
beforeAll(async () => {
  world = await openApiWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** A JSON body with `marker` in a text written as the escape of half a pair. */
const withEscape = (body: Record<string, unknown>, marker: string, escape: string) =>
  JSON.stringify(body).replace(marker, escape);

describe(`unpaired surrogates sent to the JSON API (${testDatabaseKind})`, () => {
  it("refuses them with a 400 that says why, and changes nothing", async () => {
    const { _id, id, createdAt, updatedAt, section, ...about } = (await world.call("GET", "/api/settings/about"))
      .body as Record<string, unknown>;
    void [_id, id, createdAt, updatedAt, section];
    const pdf = await world.uploadedPdf();
    const before = await world.fingerprint();
    const bodies: [string, string, string][] = [
      ["PUT", "/api/settings/about", withEscape({ ...about, title: "About MARK" }, "MARK", "\\ud800")],
      ["PUT", "/api/settings/about", withEscape({ ...about, title: "About MARK" }, "MARK", "x\\udfffy")],
      ["POST", "/api/journal/create", withEscape({ filename: "Half MARK", details: "", file: pdf }, "MARK", "\\udbff")],
      ["POST", "/api/post/create", withEscape({ title: "Post", content: "<p>MARK</p>" }, "MARK", "\\udc00\\ud800")],
    ];
    for (const [method, path, raw] of bodies) {
      const answer = await world.call(method, path, { as: "admin", raw });
      expect({ path, raw, status: answer.status }).toEqual({ path, raw, status: 400 });
      expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(/unpaired surrogate/) });
    }
    expect(await world.fingerprint()).toBe(before);
  });

  it("takes a whole pair, written as escapes, as the character it is", async () => {
    const { _id, id, createdAt, updatedAt, section, ...about } = (await world.call("GET", "/api/settings/about"))
      .body as Record<string, unknown>;
    void [_id, id, createdAt, updatedAt, section];
    const raw = withEscape({ ...about, title: "About MARK" }, "MARK", "\\ud83d\\ude00");
    const answer = await world.call("PUT", "/api/settings/about", { as: "admin", raw });
    expect(answer.status).toBe(200);
    expect((await world.call("GET", "/api/settings/about")).body).toMatchObject({ title: "About 😀" });
  });
});
