import type { TabLoadArgs } from "~/dashboard/actions.server";
import { counterKeyActions, loadCounterKeys } from "~/readership/counter/dashboard.server";

/** The COUNTER API's keys (issue 35), an admin's: issued, listed and revoked here. */
export async function load(args: TabLoadArgs) {
  return loadCounterKeys(args);
}

export const actions = counterKeyActions;
