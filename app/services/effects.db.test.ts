import { describe, expect, it } from "vitest";

import { serviceEffects } from "~/registry.server";

import { testDatabaseKind } from "../../tests/support/database";
import { setUpTestServices } from "../../tests/support/test-services";

/**
 * Every method of every service says whether it reads or writes: a write that is not declared
 * would leave cached pages stale. TypeScript checks the declarations; this checks the running
 * objects, including members added at run time.
 */

const world = setUpTestServices();

describe(`service effects (${testDatabaseKind})`, () => {
  it("classifies every function-valued key of every service, and nothing else", () => {
    const names = Object.keys(world.services).filter((name) => name !== "changes");
    expect(names.sort()).toEqual(Object.keys(serviceEffects).sort());
    for (const name of names) {
      const service = world.services[name as keyof typeof serviceEffects] as unknown as Record<string, unknown>;
      const methods = Object.keys(service).filter((key) => typeof service[key] === "function");
      const effects: Record<string, string> = serviceEffects[name as keyof typeof serviceEffects];
      expect(Object.keys(effects).sort(), name).toEqual(methods.sort());
      for (const effect of Object.values(effects)) expect(["read", "write"], name).toContain(effect);
    }
  });

  it("announces a write, and not a read", async () => {
    const heard: string[][] = [];
    const stop = world.services.changes.subscribe((tags) => heard.push(tags));
    await world.services.posts.count();
    expect(heard).toEqual([]);
    await world.services.siteContent.saveAnnouncement({ title: "Effects", content: "<p>Declared.</p>" });
    expect(heard).toEqual([["announcement"]]);
    stop();
  });
});
