import type { ComponentType } from "react";

import { DASHBOARD_TABS, type DashboardTab } from "./registry";
import type { ActionResult, TabProps } from "./tab";

/**
 * Each tab's component, by `?tab=` id: the `+tabs/<id>/<Name>Tab.tsx` file of the tab's folder and
 * the component of the same name in it. Found by the bundler, like the server modules, so that a new
 * tab is its folder and one line in registry.ts. Each screen types its props from its own `load`.
 */
const screenModules = import.meta.glob<Record<string, unknown>>("./+tabs/*/*Tab.tsx", { eager: true });

function screenOf(id: DashboardTab): ComponentType<TabProps<unknown>> {
  const files = Object.keys(screenModules).filter((path) => path.startsWith(`./+tabs/${id}/`));
  const name = files.length === 1 ? files[0].slice(files[0].lastIndexOf("/") + 1, -".tsx".length) : "";
  const screen = name ? screenModules[files[0]][name] : undefined;
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
  message: "Profile Updated Successfully",
  errors: {},
  values: null,
}; // SPEC.md
