import type { DashboardAction, TabServer } from "~/dashboard/actions.server";
import { DASHBOARD_TABS, type DashboardTab, tabAreas, tabModule } from "~/dashboard/registry";
import type { Area } from "~/domain/roles";

/**
 * Each tab's server module, by `?tab=` id: `+tabs/<id>/<id>.server.ts` in this folder or in a
 * feature's `dashboard/` folder (`app/<feature>/dashboard/+tabs/`: the journal's), found by the
 * bundler, so that a new tab needs its folder and its line in registry.ts and nothing else.
 */
const serverModules = import.meta.glob<TabServer>("/app/*/dashboard/+tabs/*/*.server.ts", { eager: true });

export const TAB_SERVERS = Object.fromEntries(
  DASHBOARD_TABS.map(({ id }) => {
    const server = tabModule(serverModules, id, (path) => path.endsWith(`/${id}.server.ts`))?.module;
    // A registry line without its folder fails at start (and in every test), not on the first visit.
    if (typeof server?.load !== "function" || typeof server.actions !== "object") {
      throw new Error(`Dashboard tab "${id}" needs one +tabs/${id}/${id}.server.ts exporting load and actions.`);
    }
    return [id, server];
  }),
) as Record<DashboardTab, TabServer>;

/**
 * The action for a form's intent, and the areas of its tab (who may run it). Any tab's form may post
 * to the bare /dashboard address, so the intent alone chooses the action, whatever `?tab=` says.
 */
export function actionFor(
  intent: string,
): { action: DashboardAction; areas: readonly Area[]; tab: DashboardTab } | null {
  for (const [id, tab] of Object.entries(TAB_SERVERS) as [DashboardTab, TabServer][]) {
    const action = Object.hasOwn(tab.actions, intent) ? tab.actions[intent] : undefined;
    if (action) return { action, areas: tabAreas(id), tab: id };
  }
  return null;
}
