import { afterAll, beforeAll } from "vitest";

import type { Services } from "~/registry.server";

import { openTestDatabase, type TestDatabase, testServices } from "./database";

/**
 * The domain services on a test database of their own for a test file (no runtime, no server):
 * opened before its tests and closed after them. The fields are there once the tests run.
 */
export function setUpTestServices(): { database: TestDatabase; services: Services } {
  const world = {} as { database: TestDatabase; services: Services };
  beforeAll(async () => {
    world.database = await openTestDatabase();
    world.services = testServices(world.database);
  });
  afterAll(async () => {
    await world.services?.changes.close();
    await world.database?.dispose();
  });
  return world;
}
