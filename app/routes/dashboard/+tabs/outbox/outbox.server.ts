import { services } from "~/runtime.server";

import { byIntent, type TabLoadArgs } from "../../actions.server";

/** The most recent mails, and the one chosen with `?mail=` (its text, while it is kept). */
export async function load({ url }: TabLoadArgs) {
  const { mail } = await services();
  const chosen = url.searchParams.get("mail");
  const [items, message] = await Promise.all([mail.recent(50), chosen ? mail.message(chosen) : null]);
  return { items, message, development: mail.development };
}

// Nothing to do from here: mails are retried by the server on their own.
export const actions = byIntent();
