import { Link } from "react-router";

import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { formatDate } from "~/lib/text";

import type { load } from "./outbox.server";

type OutboxRow = Loaded<typeof load>["items"][number];

const STATUS_LABELS = { queued: "Waiting", sent: "Sent", failed: "Given up" };

/** Day and time in UTC, as the server counts it (the same on the server's render and in the browser). */
const when = (date: Date | string | null) =>
  date ? `${formatDate(date, "short")}, ${new Date(date).toISOString().slice(11, 16)} UTC` : "";

const COLUMNS: Column<OutboxRow>[] = [
  { header: "To", className: "break-all", cell: (row) => row.to },
  {
    header: "Subject",
    cell: (row) => (
      <Link
        to={`/dashboard?tab=outbox&mail=${row.id}`}
        preventScrollReset
        className="font-medium text-blue-700 underline dark:text-blue-300"
      >
        {row.subject}
      </Link>
    ),
  },
  { header: "When", className: "whitespace-nowrap", cell: (row) => when(row.createdAt) },
  {
    header: "Status",
    className: "whitespace-nowrap",
    cell: (row) =>
      row.status === "queued" && row.attempts > 0
        ? `Waiting (next try ${when(row.nextAttemptAt)})`
        : STATUS_LABELS[row.status],
  },
  { header: "Attempts", cell: (row) => String(row.attempts) },
  { header: "Last error", className: "break-words text-red-700 dark:text-red-300", cell: (row) => row.lastError ?? "" },
];

/**
 * The mails the site has sent or will send: for the operator, to see that mail works (and, with no
 * SMTP_URL, to read what would have been sent: the development outbox).
 */
export function OutboxTab({ data }: TabProps<Loaded<typeof load>>) {
  const { message } = data;
  return (
    <section aria-labelledby="outbox-title">
      <Heading id="outbox-title">Outbox</Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {data.development
          ? "No mail server is set up (SMTP_URL), so mails are not sent: each is kept here and as a file in the data folder's outbox."
          : "Mails the site has sent, or is still trying to send. Sent mails' texts are not kept: they hold single-use links."}
      </p>
      {message && (
        <article
          aria-labelledby="outbox-mail-title"
          className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
        >
          <h3 id="outbox-mail-title" className="font-semibold">
            {message.subject}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            To {message.to}, {when(message.createdAt)}
          </p>
          {message.text ? (
            <pre className="mt-4 text-sm break-words whitespace-pre-wrap">{message.text}</pre>
          ) : (
            <p className="mt-4 text-sm">The text of this mail is no longer kept.</p>
          )}
        </article>
      )}
      {data.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">No mail yet.</p>
      ) : (
        <div className="mt-6">
          <DataTable columns={COLUMNS} rows={data.items} rowKey={(row) => row.id} caption="Recent mails" />
        </div>
      )}
    </section>
  );
}
