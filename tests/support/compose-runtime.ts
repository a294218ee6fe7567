import type { DatabaseHandle } from "~/db/client.server";
import type { AppConfig } from "~/lib/config.server";
import { composeRuntime } from "~/runtime.server";

/**
 * Every test file's setup: the runtime builds the services as the site does (app/entry.server.tsx
 * does this for the server). The composition root is imported when the runtime first starts, so a
 * file that never starts it does not load every service.
 */
const composition = () => import("~/registry.server").then((registry) => registry.composition);
composeRuntime({
  servicesFor: async (database: DatabaseHandle, cfg: AppConfig) => (await composition()).servicesFor(database, cfg),
  seedDemo: async (database: DatabaseHandle, cfg: AppConfig) => (await composition()).seedDemo(database, cfg),
});
