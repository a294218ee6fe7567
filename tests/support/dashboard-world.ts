import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";

import type { SessionUser } from "~/accounts/accounts.server";
import type { ActionAnswer, ActionArgs } from "~/dashboard/actions.server";
import type { ActionResult } from "~/dashboard/tab";
import { users } from "~/db/schema";
import { landscapeImage } from "~/demo/images.server";
import type { Role } from "~/domain/roles";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { Services } from "~/registry.server";
import { closeRuntime } from "~/runtime.server";

import { installRuntime, openTestDatabase, type TestDatabase } from "./database";

export const PASSWORD = "a long enough password";

/** A signed-in account: the user as pages see it, and its browser's session cookie. */
export type SignedIn = SessionUser & { cookie: string };

/**
 * A database with the app's runtime pointed at it and an admin, for tests that call a dashboard
 * tab's named actions directly (no server, no browser).
 */
async function openDashboardWorld() {
  const database = await openTestDatabase();
  const services = installRuntime(database);
  const world = { database, services };
  /** A stored upload, as /api/uploads would have produced. */
  async function uploadedImage() {
    const { bytes } = await landscapeImage(7, 800, 450);
    return (await services.media.ingestBuffer(bytes, { purpose: "image", fileName: "test.png" })).url;
  }

  const admin = await newAccount(world, "admin");
  return {
    database,
    services,
    admin,
    /** The answer `action` gives the admin for a form of `fields`. */
    asAdmin: async (action: (args: ActionArgs) => Promise<ActionAnswer>, fields: Record<string, string>) =>
      answerOf(await action(formPost(admin, fields))),
    /** A new signed-in account holding `role` ("user": a reader, no staff role). */
    account: (role: Role | "user") => newAccount(world, role),
    uploadedImage,
    /** An account as the users list shows it now (undefined once deleted). */
    storedUser: async (id: string) => (await services.accounts.listUsers()).items.find((u) => u.id === id),
    async close() {
      await closeRuntime();
      await database.dispose();
    },
  };
}

export type DashboardWorld = Awaited<ReturnType<typeof openDashboardWorld>>;

/**
 * The dashboard world of a test file: opened before its tests and closed after them. Its fields
 * are there once the tests run (not while the file is read).
 */
export function setUpDashboardWorld(): DashboardWorld {
  const world = {} as DashboardWorld;
  beforeAll(async () => {
    Object.assign(world, await openDashboardWorld());
  });
  afterAll(async () => {
    await world.close?.(); // absent when opening failed
  });
  return world;
}

/** What an action is called with: a POST to /dashboard carrying `fields` as its form body, by `user`. */
export function formPost({ cookie, ...user }: SignedIn, fields: Record<string, string>): ActionArgs {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/dashboard", { method: "POST", body: form, headers: { cookie } });
  return { request, form, user };
}

/** An action's answer as the page receives it: the status and the body the tab reads. */
export function answerOf(answer: ActionAnswer): { status: number; body: ActionResult | null; location?: string } {
  if (answer instanceof Response) {
    return { status: answer.status, body: null, location: answer.headers.get("location") ?? undefined };
  }
  return { status: answer.init?.status ?? 200, body: answer.data };
}

/** What an action answers when it did what was asked: 200, ok, and SPEC.md's `message`. */
export function accepted(intent: string, message: string) {
  return { status: 200, body: { intent, ok: true, message } };
}

let accounts = 0;

/** A new account, signed up and signed in as the sign-up form does, holding `role` when one is named. */
async function newAccount(
  { database, services }: { database: TestDatabase; services: Services },
  role: Role | "user",
): Promise<SignedIn> {
  accounts += 1;
  const username = `${role}.${accounts}.${Date.now().toString(36)}`;
  const input = { username, email: `${username}@example.edu`, password: PASSWORD };
  const browser = new Request("http://localhost/signup", { headers: { [CLIENT_IP_HEADER]: `10.7.0.${accounts}` } });
  await services.accounts.signUp(browser, input);
  if (role === "admin") await services.accounts.createAdmin(input, { promoteExisting: true });
  else if (role !== "user")
    await services.accounts.setRoles((await services.accounts.findByUsername(username))!.id, [role]);
  const signedIn = await services.accounts.signIn(browser, { username, password: PASSWORD });
  const [row] = await database.db.select().from(users).where(eq(users.username, username));
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return {
    cookie,
    id: row.id,
    username,
    email: row.email,
    image: row.image ?? "",
    roles: role === "user" ? [] : [role],
    isAdmin: role === "admin",
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
