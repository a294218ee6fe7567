import { expect, it } from "vitest";

import { readershipDaily, readershipRobots } from "~/db/schema";
import { addDays, dayOf, PERIOD_ORDER, PERIOD_TOO_LONG } from "~/readership/period";

import { setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { actions, load } from "./analytics.server";

const world = setUpDashboardWorld();

const opened = (query: string) => load({ url: new URL(`http://localhost/dashboard?tab=analytics${query}`) } as never);

it("shows the last 30 days by day when no period is asked, with today's figures", async () => {
  const today = dayOf(new Date());
  await world.database.db.insert(readershipDaily).values([
    { day: today, metric: "views", itemType: "home", itemKey: "/", count: 17 },
    { day: addDays(today, -40), metric: "views", itemType: "home", itemKey: "/", count: 1000 },
  ]);
  await world.database.db.insert(readershipRobots).values({ day: today, kind: "view", count: 5 });
  const shown = await opened("");
  expect(shown.period).toMatchObject({ choice: "30d", from: addDays(today, -29), to: today, unit: "day" });
  expect(shown.time.points).toHaveLength(30);
  expect(shown.time.totals.views).toBe(17);
  expect(shown.pages.pages).toEqual([{ kind: "home", key: "/", title: "Home page", path: "/", views: 17 }]);
  expect(shown.robots).toBe(5);
  expect(shown.errors).toEqual({});
});

it("shows twelve months by month, and a chosen range by day or by month", async () => {
  const year = await opened("&period=12m");
  expect(year.period.unit).toBe("month");
  expect(year.time.points).toHaveLength(12);
  expect(year.time.totals.views).toBe(1017);

  const chosen = await opened("&period=custom&from=2026-01-01&to=2026-01-31");
  expect(chosen.period).toMatchObject({ choice: "custom", from: "2026-01-01", to: "2026-01-31", unit: "day" });
  expect(chosen.time.points).toHaveLength(31);
  const long = await opened("&period=custom&from=2024-01-01&to=2025-12-31");
  expect(long.period.unit).toBe("month");
  expect(long.time.points).toHaveLength(24);
});

it("says what is wrong with chosen dates at their fields, and shows the last 30 days meanwhile", async () => {
  const backwards = await opened("&period=custom&from=2026-03-01&to=2026-02-01");
  expect(backwards.errors).toEqual({ to: PERIOD_ORDER });
  expect(backwards.values).toEqual({ from: "2026-03-01", to: "2026-02-01" });
  expect(backwards.period.choice).toBe("30d");
  expect((await opened("&period=custom&from=2010-01-01&to=2026-01-01")).errors).toEqual({ to: PERIOD_TOO_LONG });
  expect((await opened("&period=custom&from=soon&to=")).errors).toMatchObject({
    from: "Choose the first day",
    to: "Choose the last day",
  });
  // An unknown choice is the default one, not a refusal.
  expect((await opened("&period=forever")).period.choice).toBe("30d");
});

it("has no actions: the figures are only read", () => {
  expect(Object.keys(actions)).toEqual([]);
});
