import { Link, useFetcher } from "react-router";

import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { DeletableList, type DeletableListSpec } from "~/dashboard/DeletableList";
import { DeleteLink } from "~/dashboard/DeleteLink";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { FILE_DELETE_DESCRIPTION, MEDIA_USE_LABELS, MEDIA_USE_VIA, MEDIA_WORDS } from "~/domain/messages/media";
import { formatBytes } from "~/lib/text";

import type { load } from "./media.server";

type MediaData = Loaded<typeof load>;
type MediaRow = MediaData["items"][number];
type MediaUse = MediaRow["uses"][number];

/** Where a record that uses a file is edited. */
function editHrefOf(use: MediaUse): string | null {
  // A preview of a record not saved yet has no record to open.
  if (!use.id) return null;
  switch (use.area) {
    case "post":
      return `/update-post/${use.id}`;
    case "journal":
      return `/update-journal/${use.id}`;
    case "account":
      return "/dashboard?tab=users";
    case "faculty":
    case "department":
    case "course":
      return "/dashboard?tab=course";
    case "settings":
      // A section that screen does not edit (the site links) opens its first one.
      return `/dashboard?tab=about&section=${encodeURIComponent(use.id)}`;
    case "staff":
      return `/dashboard?tab=staff&role=${encodeURIComponent(use.id)}`;
    case "announcement":
      return "/dashboard?tab=announce";
    case "focus":
      return `/dashboard?tab=focus&page=${encodeURIComponent(use.id)}`;
    case "issue":
      return "/dashboard?tab=issues";
    case "journal-settings":
      return "/dashboard?tab=journal";
    default:
      return null;
  }
}

const fileName = (row: MediaRow) => row.originalName || row.url.split("/").pop() || row.id;

function Preview({ row }: { row: MediaRow }) {
  return row.kind === "image" ? (
    <a href={row.url} target="_blank" rel="noopener" aria-label={`Open ${fileName(row)}`}>
      <img src={row.url} alt={row.alt} className="h-16 w-24 rounded object-cover" loading="lazy" />
    </a>
  ) : (
    <a
      href={row.url}
      target="_blank"
      rel="noopener"
      className="flex h-16 w-24 items-center justify-center rounded bg-red-50 text-xs font-bold text-red-800 dark:bg-red-950 dark:text-red-200"
      aria-label={`Open PDF ${fileName(row)}`}
    >
      PDF
    </a>
  );
}

function FileFacts({ row }: { row: MediaRow }) {
  return (
    <div>
      <p className="font-medium break-all">{fileName(row)}</p>
      <p className="mt-0.5 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
        <span>{formatBytes(row.size)}</span>
        {row.width && row.height ? <span> · {`${row.width} × ${row.height} px`}</span> : null}
      </p>
    </div>
  );
}

function Uses({ row }: { row: MediaRow }) {
  if (row.uses.length === 0) return <span className="text-slate-500 dark:text-slate-400">{MEDIA_WORDS.unused}</span>;
  return (
    <ul className="space-y-0.5">
      {row.uses.map((use) => {
        const href = editHrefOf(use);
        const label = MEDIA_USE_LABELS[use.area];
        const text = `${use.via ? `${label} (${MEDIA_USE_VIA[use.via]})` : label}: ${use.name}`;
        return (
          <li key={`${use.area}:${use.id}:${use.via ?? ""}`}>
            {href ? (
              <Link to={href} className="hover:underline">
                {text}
              </Link>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A file's alt text and caption, saved on their own (the page stays where it is). */
function Details({ row }: { row: MediaRow }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const input =
    "mt-1 block w-full min-w-48 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-600 dark:bg-navy-950";
  const name = fileName(row);
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="describe-file" />
      <input type="hidden" name="fileId" value={row.id} />
      {row.kind === "image" && (
        <label className="block text-xs font-semibold">
          Alt text
          <input
            name="alt"
            defaultValue={row.alt}
            maxLength={300}
            aria-label={`Alt text of ${name}`}
            className={input}
          />
        </label>
      )}
      <label className="block text-xs font-semibold">
        Caption
        <input
          name="caption"
          defaultValue={row.caption}
          maxLength={1000}
          aria-label={`Caption of ${name}`}
          className={input}
        />
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" aria-label={`Save details of ${name}`}>
          Save
        </Button>
        <span aria-live="polite" className="text-xs">
          {fetcher.state === "idle" && fetcher.data ? fetcher.data.message : ""}
        </span>
      </div>
    </fetcher.Form>
  );
}

const FILTERS = [
  { kind: null, label: MEDIA_WORDS.all },
  { kind: "image", label: MEDIA_WORDS.images },
  { kind: "pdf", label: MEDIA_WORDS.pdfs },
] as const;

export function MediaTab({ data, confirm, result }: TabProps<MediaData>) {
  const tab = data.kind ? `media&kind=${data.kind}` : "media";
  const spec: DeletableListSpec<MediaRow> = {
    tab,
    empty: MEDIA_WORDS.empty,
    deleteFields: (row) => ({ intent: "delete-file", fileId: row?.id ?? "" }),
    deleteDescription: (row) =>
      FILE_DELETE_DESCRIPTION(
        fileName(row),
        row.uses.filter((use) => use.via).map((use) => use.name),
      ),
  };
  return (
    <section aria-labelledby="media-title">
      <Heading id="media-title">{MEDIA_WORDS.title}</Heading>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{MEDIA_WORDS.intro}</p>
      <nav aria-label="Show" className="mt-4 flex gap-4 text-sm">
        {FILTERS.map((filter) => (
          <Link
            key={filter.label}
            to={filter.kind ? `/dashboard?tab=media&kind=${filter.kind}` : "/dashboard?tab=media"}
            aria-current={data.kind === filter.kind ? "page" : undefined}
            className="font-semibold text-navy-700 hover:underline aria-[current=page]:underline dark:text-gold-300"
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <Notice result={result} className="mt-4" />
      <DeletableList
        // A new filter is a new list (Show more starts again).
        key={tab}
        spec={spec}
        list={data}
        confirmId={confirm}
        columns={(onDelete) => [
          { header: "Preview", cell: (row) => <Preview row={row} /> },
          { header: "File", cell: (row) => <FileFacts row={row} /> },
          { header: "Used in", cell: (row) => <Uses row={row} /> },
          { header: "Alt text and caption", cell: (row) => <Details row={row} /> },
          {
            header: "Delete",
            cell: (row) => <DeleteLink tab={tab} id={row.id} label={fileName(row)} onOpen={onDelete} />,
          },
        ]}
      />
    </section>
  );
}
