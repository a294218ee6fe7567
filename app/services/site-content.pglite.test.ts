import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/db/client.server";

import { siteContentService } from "./site-content.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-restart-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("site content on the embedded database", () => {
  it("survives a restart: saved words are there when the database is opened again", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir });
    const content = siteContentService(first.db, {
      isStored: async () => true,
      claimNamedIn: async () => {},
      removeByUrl: async () => {},
    });
    await content.saveSettings("blog", { title: "News from the Centre", subtitle: "Updated weekly" });
    await content.saveStaff("bursar", {
      name: "Mr New Bursar",
      post: "Bursar",
      email: "bursar@example.edu",
      description: "Fees.",
      photo: "",
    });
    await content.saveAnnouncement({ title: "Deadline moved", content: "<p>To May.</p>" });
    await content.saveFocus({ key: "aboutPage", title: "Who we are", subtitle: "Since 2012", content: "<p>Hello</p>" });
    await first.close();

    const again = await openDatabase({ kind: "pglite", dataDir });
    const reread = siteContentService(again.db, {
      isStored: async () => true,
      claimNamedIn: async () => {},
      removeByUrl: async () => {},
    });
    expect(await reread.settings("blog")).toEqual({ title: "News from the Centre", subtitle: "Updated weekly" });
    // Several sections at once: each as saved, one never saved reads as empty fields.
    const both = await reread.settingsOf(["blog", "programmes"]);
    expect(both.blog).toEqual({ title: "News from the Centre", subtitle: "Updated weekly" });
    expect(Object.values(both.programmes).every((value) => value === "")).toBe(true);
    expect(Object.keys(both.programmes).length).toBeGreaterThan(0);
    expect((await reread.staff()).find((s) => s.role === "bursar")?.name).toBe("Mr New Bursar");
    expect(await reread.announcement()).toEqual({ title: "Deadline moved", content: "<p>To May.</p>" });
    expect(await reread.focus("aboutPage")).toMatchObject({ title: "Who we are", content: "<p>Hello</p>" });
    await again.close();
  });
});
