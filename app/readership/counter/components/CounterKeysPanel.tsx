import { Form } from "react-router";

import { Field } from "~/components/forms/Field";
import { Button } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { FormActions } from "~/dashboard/FormActions";
import { SaveButton } from "~/dashboard/SaveButton";
import type { ActionResult } from "~/dashboard/tab";

import type { CounterKeysData } from "../dashboard.server";
import { ISSUE_COUNTER_KEY, REVOKE_COUNTER_KEY } from "../forms";

type KeyRow = CounterKeysData["keys"][number];

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "never");

/**
 * The COUNTER API's keys, for admins (issue 35): issue one to an institution or a harvester (the
 * key is shown once, in the answer), see who holds which and when it was last used, revoke one.
 * Plain forms posting to `action`, so it works before JavaScript loads; any admin tab can show it
 * (its data from loadCounterKeys, its intents from counterKeyActions).
 */
export function CounterKeysPanel({
  keys,
  result,
  action,
}: {
  keys: KeyRow[];
  result: ActionResult | undefined;
  /** The dashboard address the forms post to (the tab that shows the panel). */
  action: string;
}) {
  const issueResult = result?.intent === ISSUE_COUNTER_KEY ? result : undefined;
  const refused = issueResult && !issueResult.ok ? issueResult : undefined;
  const values = (refused?.values as Record<string, string> | undefined) ?? { name: "", customerId: "" };
  const issued = issueResult?.ok ? issueResult.counterKey : undefined;
  const columns: Column<KeyRow>[] = [
    { header: "Holder", cell: (key) => <span className="font-medium">{key.name}</span> },
    { header: "Customer ID", cell: (key) => <code>{key.customerId}</code> },
    { header: "Issued", cell: (key) => `${day(key.createdAt)}${key.createdBy ? ` by ${key.createdBy}` : ""}` },
    { header: "Last used", cell: (key) => day(key.lastUsedAt) },
    {
      header: "Status",
      cell: (key) =>
        key.revokedAt ? (
          `Revoked ${day(key.revokedAt)}`
        ) : (
          <Form method="post" action={action} preventScrollReset className="inline">
            <input type="hidden" name="id" value={key.id} />
            <Button
              type="submit"
              variant="link"
              name="intent"
              value={REVOKE_COUNTER_KEY}
              aria-label={`Revoke the key of ${key.name}`}
            >
              Revoke
            </Button>
          </Form>
        ),
    },
  ];
  return (
    <section aria-labelledby="counter-keys-title">
      <Heading id="counter-keys-title">COUNTER API keys</Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Libraries and harvesters fetch the readership reports (COUNTER Release 5.1) from <code>/r51/</code> with a key.
        Every key may ask for customer ID <code>0000000000000000</code>, &ldquo;The World&rdquo;: all of the
        site&rsquo;s usage, which is open access.
      </p>
      <Notice result={result?.intent === REVOKE_COUNTER_KEY ? result : undefined} className="mt-4" />
      <div className="mt-6">
        {keys.length ? (
          <DataTable columns={columns} rows={keys} rowKey={(key) => key.id} caption="COUNTER API keys" />
        ) : (
          <p className="text-slate-600 dark:text-slate-400">No key has been issued yet.</p>
        )}
      </div>
      {issued && (
        <div
          role="status"
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950"
        >
          <p className="font-semibold">
            The key of {issued.name} (customer ID <code>{issued.customerId}</code>)
          </p>
          <p className="mt-2 text-sm">Copy it now: only its fingerprint is kept, so it cannot be shown again.</p>
          <input
            readOnly
            aria-label="The new key"
            value={issued.key}
            className="mt-3 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-navy-950"
          />
        </div>
      )}
      <Form
        method="post"
        action={action}
        className="mt-8 space-y-5 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
        noValidate
        aria-labelledby="counter-key-form-title"
      >
        <Heading level={3} id="counter-key-form-title">
          Issue a key
        </Heading>
        <Field
          label="Holder"
          name="name"
          aria-required="true"
          hint="The institution or harvester the key is for."
          defaultValue={issued ? "" : values.name}
          error={refused?.errors?.name}
        />
        <Field
          label="Customer ID"
          name="customerId"
          hint="Optional: the ID the holder already uses with COUNTER; a new one is made when left blank."
          defaultValue={issued ? "" : values.customerId}
          error={refused?.errors?.customerId}
        />
        <FormActions>
          <Notice result={issueResult && !issueResult.ok ? issueResult : undefined} />
          <SaveButton intent={ISSUE_COUNTER_KEY} label="Issue key" busyLabel="Issuing..." />
        </FormActions>
      </Form>
    </section>
  );
}
