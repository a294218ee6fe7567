import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";

import { FieldError } from "~/components/forms/FieldError";
import { Button } from "~/components/ui/Button";
import { formatBytes } from "~/lib/text";
import { useUploadLimits } from "~/lib/upload-limits";

import { uploadPath } from "../addresses";
import { WIZARD } from "../words";

/** A file as the author's pages list it (what the service's `FileItem` carries). */
export type ListedFile = {
  id: string;
  kind: string;
  name: string;
  size: number;
  round: number;
  namesFound: { name: string; where: "text" | "metadata" }[];
};

/** A stored file as the lists show it: only what they need goes to the browser. */
export const listedFile = ({ id, kind, name, size, round, namesFound }: ListedFile): ListedFile => ({
  id,
  kind,
  name,
  size,
  round,
  namesFound,
});

/** What a manuscript upload accepts: the browser's file picker offers these first. */
const ACCEPT = ".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * One file upload: a plain multipart form (a file input and Upload) that works before scripts
 * load, sent to the page's own address with `?upload=<kind>` (the address given a manuscript's
 * size limit). Once scripts run, a file over the limit is refused before it is sent.
 */
export function UploadForm({
  pathname,
  kind,
  label,
  hint,
  error,
  buttonLabel = WIZARD.upload,
}: {
  pathname: string;
  kind: string;
  label: string;
  hint?: string;
  error?: string;
  buttonLabel?: string;
}) {
  const id = useId();
  const limits = useUploadLimits();
  const navigation = useNavigation();
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const action = uploadPath(pathname, kind);
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const shown = tooLarge ?? error;
  const describedBy = [hint && `${id}-hint`, shown && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    const max = limits?.maxPdfBytes;
    if (file && max && file.size > max) {
      event.preventDefault();
      setTooLarge(WIZARD.tooLarge(formatBytes(max)));
    } else setTooLarge(null);
  };
  return (
    <Form method="post" encType="multipart/form-data" action={action} onSubmit={onSubmit} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          name="file"
          accept={ACCEPT}
          required
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          className="block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-navy-800 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-navy-950 dark:file:text-slate-100"
        />
        <Button type="submit" variant="secondary" size="sm" disabled={busy} aria-busy={busy}>
          {busy ? WIZARD.uploading : buttonLabel}
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={shown ?? undefined} />
    </Form>
  );
}

/** The names a file was found to carry, and where, in the author's words. */
function namesSentence(found: ListedFile["namesFound"]) {
  const names = [...new Set(found.map((f) => f.name))];
  const wheres = new Set(found.map((f) => f.where));
  const where = wheres.size > 1 ? WIZARD.whereBoth : wheres.has("text") ? WIZARD.whereText : WIZARD.whereMetadata;
  const list =
    names.length === 1
      ? `“${names[0]}”`
      : `${names
          .slice(0, -1)
          .map((n) => `“${n}”`)
          .join(", ")} and “${names.at(-1)}”`;
  return WIZARD.namesWarning(list, where);
}

/** The warning a manuscript that names its authors carries (issue 34: told at upload). */
export function NamesWarning({ file }: { file: ListedFile }) {
  if (file.namesFound.length === 0) return null;
  return (
    <div
      role="note"
      className="mt-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p className="font-semibold">{WIZARD.namesWarningTitle}</p>
      <p className="mt-1">{namesSentence(file.namesFound)}</p>
    </div>
  );
}

/** Files with their sizes, each with Remove (a plain form) when it may still go. */
export function FileList({
  files,
  removable,
  action,
  download,
}: {
  files: ListedFile[];
  removable: boolean;
  /** Where Remove posts: the page's address without its query (which may still name an upload). */
  action: string;
  /** The file's download address, when the list offers one. */
  download?: (file: ListedFile) => string;
}) {
  if (files.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{WIZARD.noFiles}</p>;
  return (
    <ul className="space-y-2">
      {files.map((file) => (
        <li key={file.id} className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className="min-w-0 break-words">
              {download ? (
                <a href={download(file)} download className="font-semibold text-navy-700 underline dark:text-gold-300">
                  {file.name}
                </a>
              ) : (
                <span className="font-semibold">{file.name}</span>
              )}{" "}
              <span className="text-sm text-slate-600 dark:text-slate-400">({formatBytes(file.size)})</span>
            </span>
            {removable && (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="remove-file" />
                <input type="hidden" name="fileId" value={file.id} />
                <Button type="submit" variant="danger" aria-label={WIZARD.removeFile(file.name)}>
                  {WIZARD.remove}
                </Button>
              </Form>
            )}
          </div>
          <NamesWarning file={file} />
        </li>
      ))}
    </ul>
  );
}
