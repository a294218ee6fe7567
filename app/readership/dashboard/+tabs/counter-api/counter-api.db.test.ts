import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import type { ActionResult } from "~/dashboard/tab";
import { counterApiKeys } from "~/db/schema";
import { CounterKeysPanel } from "~/readership/counter/components/CounterKeysPanel";
import { COUNTER_KEY_ISSUED, COUNTER_KEY_REVOKED } from "~/readership/counter/forms";
import { hashOfKey } from "~/readership/counter/keys.server";
import { loader } from "~/readership/counter/routes/r51";

import { setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { routeAnswer } from "../../../../../tests/support/route-runtime";
import { issueCounterKey, revokeCounterKey } from "../../../counter/dashboard.server";
import { load } from "./counter-api.server";

/**
 * The COUNTER API's keys from the admin's side (issue 35): issued with the key shown once and only
 * its hash kept, listed, revoked, and refused by the API once revoked.
 */
const world = setUpDashboardWorld();

const members = (key: string, customerId = "0000000000000000") =>
  routeAnswer(loader as never, `/r51/members?customer_id=${customerId}&api_key=${encodeURIComponent(key)}`, {
    "*": "members",
  });

function panelHtml(data: Awaited<ReturnType<typeof load>>, result?: ActionResult) {
  const element = createElement(CounterKeysPanel, { keys: data.keys, result, action: "/dashboard?tab=counter-api" });
  const router = createMemoryRouter([{ id: "root", path: "/", element }]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

describe("COUNTER API keys", () => {
  it("issues a key shown once, keeps only its hash, and lists its holder", async () => {
    const answer = await world.asAdmin(issueCounterKey, { name: "Faculty Library", customerId: "faclib" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: COUNTER_KEY_ISSUED } });
    const issued = answer.body!.counterKey!;
    expect(issued).toMatchObject({ name: "Faculty Library", customerId: "faclib" });
    expect(issued.key).toMatch(/^counter_[A-Za-z0-9_-]{43}$/);

    const [row] = await world.database.db.select().from(counterApiKeys).where(eq(counterApiKeys.customerId, "faclib"));
    expect(row.keyHash).toBe(hashOfKey(issued.key));
    expect(JSON.stringify(row)).not.toContain(issued.key);
    expect(row.createdBy).toBe(world.admin.id);

    const data = await load({} as never);
    const listed = data.keys.find((key) => key.customerId === "faclib")!;
    expect(listed).toMatchObject({ name: "Faculty Library", revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(data)).not.toContain(issued.key);
    // The panel shows the key in the issuing answer, and never in the list.
    expect(panelHtml(data, answer.body!)).toContain(issued.key);
    expect(panelHtml(data)).not.toContain(issued.key);
    expect(panelHtml(data)).toContain("Faculty Library");

    const response = await members(issued.key);
    expect(response.status).toBe(200);
    expect((await load({} as never)).keys.find((key) => key.customerId === "faclib")!.lastUsedAt).not.toBeNull();
  });

  it("makes a customer ID when none is given, and refuses a second key in use for one customer", async () => {
    const made = await world.asAdmin(issueCounterKey, { name: "A harvester" });
    expect(made.body!.counterKey!.customerId).toMatch(/^[0-9a-f]{12}$/);
    const again = await world.asAdmin(issueCounterKey, {
      name: "Another",
      customerId: made.body!.counterKey!.customerId,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, errors: { customerId: expect.stringContaining("revoke it first") } });
  });

  it("refuses a holder without a name, a malformed customer ID and The World's", async () => {
    const unnamed = await world.asAdmin(issueCounterKey, { name: " " });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body!.errors).toHaveProperty("name");
    const malformed = await world.asAdmin(issueCounterKey, { name: "Library", customerId: "a b/c" });
    expect(malformed.body!.errors).toHaveProperty("customerId");
    const world0 = await world.asAdmin(issueCounterKey, { name: "Library", customerId: "0000000000000000" });
    expect(world0.status).toBe(400);
    expect(world0.body!.errors).toHaveProperty("customerId");
  });

  it("revokes a key: the API refuses it from then on, and the customer may be given a new one", async () => {
    const issued = (await world.asAdmin(issueCounterKey, { name: "Short-lived", customerId: "short" })).body!
      .counterKey!;
    const { id } = (await load({} as never)).keys.find((key) => key.customerId === "short")!;
    expect(await world.asAdmin(revokeCounterKey, { id })).toMatchObject({
      status: 200,
      body: { ok: true, message: COUNTER_KEY_REVOKED },
    });
    const refused = await members(issued.key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ Code: 2020, Message: "APIKey Invalid" });
    // Revoking twice, or a key that does not exist, is a 404.
    expect((await world.asAdmin(revokeCounterKey, { id })).status).toBe(404);
    expect((await world.asAdmin(revokeCounterKey, { id: "not-a-key" })).status).toBe(404);
    const listed = (await load({} as never)).keys.find((key) => key.customerId === "short")!;
    expect(listed.revokedAt).not.toBeNull();
    expect(panelHtml(await load({} as never))).toContain("Revoked");

    const renewed = (await world.asAdmin(issueCounterKey, { name: "Short-lived again", customerId: "short" })).body!
      .counterKey!;
    expect((await members(renewed.key, "short")).status).toBe(200);
    expect((await members(issued.key, "short")).status).toBe(401);
  });
});
