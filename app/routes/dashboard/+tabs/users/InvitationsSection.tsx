import { Form } from "react-router";

import { Field } from "~/components/forms/Field";
import { buttonClasses } from "~/components/ui/Button";
import { DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import type { ActionResult, Loaded } from "~/dashboard/tab";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, rolesLabel } from "~/domain/roles";
import { formatDate } from "~/lib/text";

import type { load } from "./users.server";

type Data = Loaded<typeof load>;
type Invitation = Data["invitations"][number];

const STATUS_WORDS: Record<Invitation["status"], string> = {
  open: "Waiting",
  accepted: "Accepted",
  revoked: "Withdrawn",
  expired: "Expired",
};

const SMALL_BUTTON = buttonClasses("secondary", "inline", "rounded px-2 py-1 text-xs whitespace-nowrap");

/** One action on an invitation: a form of its own, named for screen readers by whom it invites. */
function InvitationButton({ invitation, intent, verb }: { invitation: Invitation; intent: string; verb: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="invitationId" value={invitation.id} />
      <button type="submit" className={SMALL_BUTTON} aria-label={`${verb} the invitation to ${invitation.email}`}>
        {verb}
      </button>
    </Form>
  );
}

/** Resend and withdraw, for an invitation not yet used. */
function InvitationActions({ invitation }: { invitation: Invitation }) {
  if (invitation.status === "accepted" || invitation.status === "revoked") return null;
  return (
    <div className="flex flex-wrap gap-2">
      <InvitationButton invitation={invitation} intent="resend-invitation" verb="Resend" />
      {invitation.status === "open" && (
        <InvitationButton invitation={invitation} intent="revoke-invitation" verb="Withdraw" />
      )}
    </div>
  );
}

/**
 * The Users tab's second half (issue 33): invite a colleague by e-mail with their roles, the
 * invitations sent and where each stands, and whether anyone may sign up as a reader.
 */
export function InvitationsSection({ data, result }: { data: Data; result: ActionResult | undefined }) {
  const invalid = result?.intent === "invite" && !result.ok ? result.errors : undefined;
  return (
    <>
      <section aria-labelledby="invite-title" className="mt-10">
        <Heading id="invite-title">Invite a colleague</Heading>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          They get an e-mail with a link to choose a username and password, or to accept with an account they have. The
          link works for {data.invitationDays} days.
        </p>
        <Form method="post" className="mt-4 max-w-xl space-y-4">
          <input type="hidden" name="intent" value="invite" />
          <Field
            label="Email address"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={result?.intent === "invite" && !result.ok ? result.values?.email : undefined}
            error={invalid?.email}
          />
          <fieldset aria-describedby={invalid?.roles ? "invite-roles-error" : undefined}>
            <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">Roles</legend>
            <div className="mt-2 space-y-2">
              {ROLES.map((role) => (
                <label key={role} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="roles" value={role} className="mt-1" />
                  <span>
                    <span className="font-semibold">{ROLE_LABELS[role]}</span>: {ROLE_DESCRIPTIONS[role]}
                  </span>
                </label>
              ))}
            </div>
            {invalid?.roles && (
              <p id="invite-roles-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {invalid.roles}
              </p>
            )}
          </fieldset>
          <button type="submit" className={buttonClasses("primary", "md")}>
            Send invitation
          </button>
        </Form>
      </section>

      <section aria-labelledby="invitations-title" className="mt-10">
        <Heading id="invitations-title">Invitations</Heading>
        {data.invitations.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No invitation has been sent yet.</p>
        ) : (
          <div className="mt-4">
            <DataTable
              caption="Invitations"
              scrollRegion
              rows={data.invitations}
              rowKey={(i) => i.id}
              columns={[
                { header: "Email", className: "[overflow-wrap:anywhere]", cell: (i) => i.email },
                { header: "Roles", cell: (i) => rolesLabel(i.roles) },
                { header: "Invited by", cell: (i) => i.invitedByName || "—" },
                { header: "Sent", className: "whitespace-nowrap", cell: (i) => formatDate(i.sentAt, "short") },
                { header: "Status", cell: (i) => STATUS_WORDS[i.status] },
                { header: "Actions", cell: (i) => <InvitationActions invitation={i} /> },
              ]}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="sign-up-title" className="mt-10">
        <Heading id="sign-up-title">Sign-up</Heading>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="set-sign-up" />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="open" value="true" defaultChecked={data.signUpOpen} className="mt-1" />
            <span>
              Anyone may create a reader&apos;s account at /signup. When this is off, new accounts come only from
              invitations.
            </span>
          </label>
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Save sign-up setting
          </button>
        </Form>
      </section>
    </>
  );
}
