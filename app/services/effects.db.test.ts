import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { serviceEffects, type Services } from "~/registry.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../tests/support/database";

/**
 * Every method of every service says whether it reads or writes: a write that is not declared
 * would leave cached pages stale. TypeScript checks the declarations; this checks the running
 * objects, including members added at run time.
 */

let database: TestDatabase;
let services: Services;

beforeAll(async () => {
  database = await openTestDatabase();
  services = testServices(database);
});
afterAll(async () => {
  await database?.dispose();
});

describe(`service effects (${testDatabaseKind})`, () => {
  it("classifies every function-valued key of every service, and nothing else", () => {
    const names = Object.keys(services).filter((name) => name !== "changes");
    expect(names.sort()).toEqual(Object.keys(serviceEffects).sort());
    for (const name of names) {
      const service = services[name as keyof typeof serviceEffects] as unknown as Record<string, unknown>;
      const methods = Object.keys(service).filter((key) => typeof service[key] === "function");
      const effects: Record<string, string> = serviceEffects[name as keyof typeof serviceEffects];
      expect(Object.keys(effects).sort(), name).toEqual(methods.sort());
      for (const effect of Object.values(effects)) expect(["read", "write"], name).toContain(effect);
    }
  });

  it("announces a write, and not a read", async () => {
    const heard: string[][] = [];
    const stop = services.changes.subscribe((tags) => heard.push(tags));
    await services.posts.count();
    expect(heard).toEqual([]);
    await services.siteContent.saveAnnouncement({ title: "Effects", content: "<p>Declared.</p>" });
    expect(heard).toEqual([["announcement"]]);
    stop();
  });
});
