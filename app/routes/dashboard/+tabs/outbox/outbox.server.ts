import { byIntent, type TabLoadArgs } from "~/dashboard/actions.server";
import { services } from "~/runtime.server";

/** What stands in a kept mail's text for a link that would act for its recipient. */
export const PRIVATE_LINK = "[a private link: only its recipient gets it]";

/**
 * Links that sign someone in, set a password, confirm an address or accept an invitation (issue
 * 33): whoever reads the Outbox must not be able to use another person's mail.
 */
const PRIVATE_LINKS =
  /https?:\/\/[^\s"<>]*\/(?:reset-password|verify-email)\?token=[^\s"<>]+|https?:\/\/[^\s"<>]*\/invitation\/[\w-]+/g;

/** The most recent mails, and the one chosen with `?mail=` (its text while it is kept, private links hidden). */
export async function load({ url }: TabLoadArgs) {
  const { mail } = await services();
  const chosen = url.searchParams.get("mail");
  const [items, message] = await Promise.all([mail.recent(50), chosen ? mail.message(chosen) : null]);
  const shown = message && { ...message, text: message.text?.replace(PRIVATE_LINKS, PRIVATE_LINK) ?? null };
  return { items, message: shown, development: mail.development };
}

// Nothing to do from here: mails are retried by the server on their own.
export const actions = byIntent();
