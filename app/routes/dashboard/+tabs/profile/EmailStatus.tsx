import { Form } from "react-router";

import { Notice } from "~/components/ui/Notice";
import type { TabProps } from "~/dashboard/tab";

export type EmailStatusData = { emailVerified: boolean; pendingEmail: string | null; placeholder: boolean } | null;

const LINK_BUTTON = "font-semibold text-navy-700 underline dark:text-gold-300";

/**
 * Whether the account's address is confirmed, and a new one waiting for its link: with a way to
 * have the link sent again, or to drop the change. Plain forms, so they work before scripts load.
 */
export function EmailStatus({ status, result }: { status: EmailStatusData; result: TabProps<unknown>["result"] }) {
  if (!status) return null;
  const ours =
    result?.intent === "resend-confirmation" || result?.intent === "cancel-email-change" ? result : undefined;
  const unconfirmed = !status.emailVerified && !status.placeholder;
  if (!status.pendingEmail && !unconfirmed && !status.placeholder && !ours) return null;
  return (
    <div
      role="region"
      aria-label="Address status"
      className="mt-6 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-700"
    >
      {status.pendingEmail ? (
        <p>
          Your new address <strong>{status.pendingEmail}</strong> is waiting for you to click the link we sent to it.
          Until then your account keeps its present address.
        </p>
      ) : status.placeholder ? (
        <p>
          Your account has no email address: the one it had was confirmed by its owner for another account. Enter your
          own address above.
        </p>
      ) : unconfirmed ? (
        <p>Your email address is not confirmed yet. Click the link we sent to it.</p>
      ) : null}
      {(status.pendingEmail || unconfirmed) && (
        <div className="mt-3 flex flex-wrap gap-4">
          <Form method="post">
            <input type="hidden" name="intent" value="resend-confirmation" />
            <button type="submit" className={LINK_BUTTON}>
              Send the link again
            </button>
          </Form>
          {status.pendingEmail && (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-email-change" />
              <button type="submit" className={LINK_BUTTON}>
                Cancel the change
              </button>
            </Form>
          )}
        </div>
      )}
      <Notice result={ours} className="mt-3" />
    </div>
  );
}
