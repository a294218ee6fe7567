import { afterAll, beforeAll } from "vitest";

import { closeRuntime } from "~/runtime.server";

import { installRuntime, openTestDatabase, type TestDatabase } from "./database";

/**
 * The app's runtime (what loaders and actions use) on a test database of its own for a test file:
 * opened before its tests, closed after them. `database` is there once the tests run.
 */
export function setUpRouteRuntime(open: () => Promise<TestDatabase> = openTestDatabase): { database: TestDatabase } {
  const world = {} as { database: TestDatabase };
  beforeAll(async () => {
    world.database = await open();
    installRuntime(world.database);
  });
  afterAll(async () => {
    await closeRuntime();
    await world.database?.dispose();
  });
  return world;
}

/** The status of the response a loader threw, or undefined when it did not throw one. */
export async function thrownStatus(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? (error as Response).status;
  }
  return undefined;
}

/**
 * A route's answer to a GET of `url`, as the server would give it: a thrown Response too, and a
 * thrown `data()` refusal as an empty answer with its status.
 */
export async function routeAnswer(
  loader: (args: never) => unknown,
  url: string,
  params: Record<string, string | undefined> = {},
  headers?: Record<string, string>,
): Promise<Response> {
  try {
    return (await loader({
      request: new Request(`http://localhost${url}`, { headers }),
      params,
      context: {},
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}
