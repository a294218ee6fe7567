// Accounts for the end-to-end tests, made and removed through the running e2e server's services.
//
// The e2e server holds its embedded database (one process per PGlite directory), so a test process
// cannot open it. The operator socket that `npm run create-admin` uses (server/control.server.ts)
// reaches the server's own account service instead: no test-only route in the app, and it works
// with or without the /setup project having run.
import path from "node:path";

import { request } from "@playwright/test";

import { sendControlCommand } from "../../server/control.server";

/** The e2e server's data directory (playwright.config.ts starts the server on it). */
export const E2E_DATA_DIR = ".tmp/e2e-data";

export type Account = { username: string; email: string; password: string };

/**
 * An admin that is never deleted, so a test's own admin is never the last one (the last admin may not
 * be deleted) even when a spec runs alone, without the /setup project.
 */
const KEEPER: Account = { username: "e2e.keeper", email: "keeper@e2e.example.edu", password: "keeper password 2026" };

/** `npm run create-admin`'s command, sent to the e2e server's operator socket; it answers { ok, message }. */
async function operatorCommand(input: Account) {
  const reply = await sendControlCommand(path.resolve(E2E_DATA_DIR), input);
  if (!reply) throw new Error(`the e2e server's operator socket in ${E2E_DATA_DIR} does not answer`);
  return reply;
}

async function ensureAdmin(account: Account) {
  let reply = await operatorCommand(account);
  // Two workers may create the keeper at the same moment: the one that lost the race finds it made.
  if (!reply.ok) reply = await operatorCommand(account);
  if (!reply.ok) throw new Error(`could not create the e2e admin ${account.username}: ${reply.message}`);
}

/** A new admin with this username, and the keeper beside it. */
export async function createAdmin(username: string): Promise<Account> {
  await ensureAdmin(KEEPER);
  const account = { username, email: `${username}@example.edu`, password: `pw ${username} 2026` };
  await ensureAdmin(account);
  return account;
}

/** Deletes the account as itself through the JSON API (its posts stay, authorless, as for any deleted account). */
export async function deleteAccount(baseURL: string, account: Account, clientAddress: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientAddress } });
  try {
    const signedIn = await api.post("/api/auth/signin", {
      data: { username: account.username, password: account.password },
    });
    // A test may have renamed the account, changed its password or deleted it: then there is nothing to do.
    if (signedIn.status() !== 200) return;
    const id = ((await signedIn.json()) as { user: { _id: string } }).user._id;
    const deleted = await api.delete(`/api/users/delete/${id}`);
    if (deleted.status() !== 200) throw new Error(`could not delete ${account.username}: ${await deleted.text()}`);
  } finally {
    await api.dispose();
  }
}
