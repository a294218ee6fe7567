import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";
import { action as journalAction, loader as journalLoader } from "~/journal/routes/article-editor";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { action as postAction, loader as postLoader } from "./post-editor";

// Issue 31, item 12: an autosave still on its way when Submit was pressed left an orphan draft and
// published the post at a "-2" address. A new item's page carries a key (draftId), the id its
// first save creates it under; whichever of its saves comes first, the page makes one item.

const world = setUpDashboardWorld();

type Kind = "post" | "journal";

/** The editor's form as the page sends it: Submit, or an autosave (`?autosave`). */
async function send(kind: Kind, fields: Record<string, string>, autosave = false) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`http://localhost/create-${kind}${autosave ? "?autosave" : ""}`, {
    method: "POST",
    body,
    headers: { cookie: world.admin.cookie },
  });
  const act = kind === "post" ? postAction : journalAction;
  const answer = await act({ request, params: {}, context: {} } as never);
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
  const { data, init } = answer as unknown as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { status: init?.status ?? 200, data };
}

/** The key a new item's page is given, read from the page's own data. */
async function pageKey(kind: Kind) {
  const request = new Request(`http://localhost/create-${kind}`, { headers: { cookie: world.admin.cookie } });
  const load = kind === "post" ? postLoader : journalLoader;
  const { values } = (await load({ request, params: {}, context: {} } as never)) as { values: { draftId: string } };
  return values.draftId;
}

async function form(kind: Kind, title: string): Promise<Record<string, string>> {
  if (kind === "post") return { title, category: "exams", image: "", content: "<p>Body</p>", excerpt: "" };
  const bytes = renderPdf([{ text: title, style: "title" }], { title, author: "Tests" });
  const { url } = await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "a.pdf" });
  return { title, abstract: "<p>Abstract</p>", pdf: url };
}

/** Every stored item (drafts included) whose title is `title`. */
async function stored(kind: Kind, title: string) {
  const list = kind === "post" ? world.services.posts : world.services.articles;
  const { items } = await list.adminList({ q: title, limit: 50 });
  return items.map((item) => ({ id: item.id, slug: item.slug, status: item.status }));
}

describe.each(["post", "journal"] as const)("a new %s's page", (kind) => {
  it("gives each page its own key", async () => {
    const [one, two] = [await pageKey(kind), await pageKey(kind)];
    expect(one).toMatch(/^[0-9a-f-]{36}$/);
    expect(two).not.toBe(one);
  });

  it("an autosave and Submit that reach the server together make one published item, whichever is first", async () => {
    for (let round = 0; round < 4; round++) {
      const title = `One ${kind} ${randomUUID().slice(0, 8)}`;
      const fields = { ...(await form(kind, title)), draftId: await pageKey(kind) };
      const autosave = () => send(kind, fields, true);
      const submit = () => send(kind, { ...fields, status: "published" });
      const [first, second] = round % 2 ? [submit, autosave] : [autosave, submit];
      const answers = await Promise.all([first(), second()]);
      const submitted = round % 2 ? answers[0] : answers[1];
      expect(submitted.status, JSON.stringify(submitted)).toBe(302);

      const items = await stored(kind, title);
      expect(items, `round ${round}`).toHaveLength(1);
      expect(items[0].id).toBe(fields.draftId);
      expect(items[0].slug).not.toMatch(/-2$/);
      // An autosave that came after Submit does not turn the published item back into a draft.
      expect(items[0].status).toBe("published");
    }
  });

  it("an autosave, then Submit while a second autosave is on its way: one item at the first address", async () => {
    const title = `Kept ${kind} ${randomUUID().slice(0, 8)}`;
    const fields = { ...(await form(kind, title)), draftId: await pageKey(kind) };
    const draft = await send(kind, fields, true);
    expect(draft.data).toMatchObject({ ok: true, id: fields.draftId });
    const [, submitted] = await Promise.all([send(kind, fields, true), send(kind, { ...fields, status: "published" })]);
    expect(submitted.status).toBe(302);
    const items = await stored(kind, title);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: fields.draftId, status: "published" });
    expect(items[0].slug).not.toMatch(/-2$/);
  });

  it("a double click on Submit makes one item", async () => {
    const title = `Twice ${kind} ${randomUUID().slice(0, 8)}`;
    const fields = { ...(await form(kind, title)), draftId: await pageKey(kind), status: "published" };
    const answers = await Promise.all([send(kind, fields), send(kind, fields)]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(await stored(kind, title)).toHaveLength(1);
  });

  it("refuses a key that is not one, saving nothing", async () => {
    const title = `Bad key ${kind} ${randomUUID().slice(0, 8)}`;
    const answer = await send(kind, { ...(await form(kind, title)), draftId: "not-a-key", status: "published" });
    expect(answer.status).toBe(400);
    expect(await stored(kind, title)).toEqual([]);
  });
});

it("logs the autosave that made a new post's draft once, and none of the later ones", async () => {
  const title = `Logged ${randomUUID().slice(0, 8)}`;
  const fields = { ...(await form("post", title)), draftId: await pageKey("post") };
  await send("post", fields, true);
  await send("post", { ...fields, content: "<p>More</p>" }, true);
  const { items } = await world.services.activity.list({ action: "posts.autosave-draft" });
  expect(items.filter((entry) => entry.targetId === fields.draftId)).toMatchObject([{ targetLabel: title }]);
});
