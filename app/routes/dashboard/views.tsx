import type { ComponentType } from "react";

import { PROFILE_UPDATED } from "~/accounts/forms";
import { DASHBOARD_TABS, type DashboardTab, tabModule } from "~/dashboard/registry";
import type { ActionResult, TabProps } from "~/dashboard/tab";

/**
 * Each tab's component, by `?tab=` id: the `+tabs/<id>/<Name>Tab.tsx` file of the tab's folder (here
 * or in a feature's `dashboard/` folder) and the component of the same name in it. Found by the
 * bundler, like the server modules, so that a new tab is its folder and one line in registry.ts.
 * Each screen types its props from its own `load`.
 */
const screenModules = import.meta.glob<Record<string, unknown>>("/app/*/dashboard/+tabs/*/*Tab.tsx", { eager: true });

function screenOf(id: DashboardTab): ComponentType<TabProps<unknown>> {
  const found = tabModule(screenModules, id, (path) => path.endsWith("Tab.tsx"));
  const name = found ? found.path.slice(found.path.lastIndexOf("/") + 1, -".tsx".length) : "";
  const screen = found?.module[name];
  // A registry line without its screen fails when the dashboard is first loaded, in every test.
  if (typeof screen !== "function") {
    throw new Error(`Dashboard tab "${id}" needs one +tabs/${id}/<Name>Tab.tsx exporting the component <Name>Tab.`);
  }
  return screen as ComponentType<TabProps<unknown>>;
}

export const TAB_VIEWS = Object.fromEntries(DASHBOARD_TABS.map(({ id }) => [id, screenOf(id)])) as Record<
  DashboardTab,
  ComponentType<TabProps<unknown>>
>;

/** What a profile save that signed this browser in again shows once the page is loaded anew. */
export const PROFILE_SAVED: ActionResult = {
  intent: "update-profile",
  ok: true,
  message: PROFILE_UPDATED,
  errors: {},
  values: null,
};
