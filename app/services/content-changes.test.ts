import { describe, expect, it } from "vitest";

import { contentChanges, remembered } from "./content-changes.server";

/** A service that counts its reads of a stored value. */
function counter() {
  const stored: Record<string, { title: string }> = { blog: { title: "News" }, about: { title: "About us" } };
  let reads = 0;
  return {
    service: {
      async settings(section: string) {
        reads++;
        return { ...stored[section] };
      },
      async save(section: string, title: string) {
        stored[section] = { title };
      },
    },
    reads: () => reads,
  };
}

describe("reads remembered until their content changes", () => {
  it("reads each section once, until a change of its kind here or on another server", async () => {
    const changes = contentChanges();
    const { service, reads } = counter();
    const kept = remembered(service, { settings: "settings" }, changes);
    expect(await kept.settings("blog")).toEqual({ title: "News" });
    expect(await kept.settings("blog")).toEqual({ title: "News" });
    expect(await kept.settings("about")).toEqual({ title: "About us" });
    expect(reads()).toBe(2);

    // Another kind of content changing keeps what was read.
    await changes.publish(["posts"]);
    await kept.settings("blog");
    expect(reads()).toBe(2);

    await service.save("blog", "Stories");
    await changes.publish(["settings"]);
    expect(await kept.settings("blog")).toEqual({ title: "Stories" });
    expect(reads()).toBe(3);
  });

  it("gives each caller its own copy, and does not keep a failed read", async () => {
    const changes = contentChanges();
    const { service } = counter();
    const kept = remembered(service, { settings: "settings" }, changes);
    const first = await kept.settings("blog");
    first.title = "Changed by one caller";
    expect(await kept.settings("blog")).toEqual({ title: "News" });

    let fail = true;
    const flaky = remembered(
      {
        async settings() {
          if (fail) throw new Error("database gone");
          return { title: "Back" };
        },
      },
      { settings: "settings" },
      changes,
    );
    await expect(flaky.settings()).rejects.toThrow("database gone");
    fail = false;
    await expect(flaky.settings()).resolves.toEqual({ title: "Back" });
  });
});
