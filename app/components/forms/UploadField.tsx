import { useEffect, useId, useRef, useState } from "react";

import { PICKER_WORDS } from "~/domain/messages/media";
import { useUploadLimits } from "~/lib/upload-limits";
import { useHydrated } from "~/lib/use-hydrated";

import { Alert } from "./Alert";
import { MediaPicker } from "./MediaPicker";

export type UploadPurpose = "image" | "avatar" | "pdf";

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; percent: number }
  | { status: "done"; url: string }
  | { status: "failed"; reason: string };

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Sends one file to /api/uploads with progress; resolves with the stored file's URL. */
export function uploadFile(file: File, purpose: UploadPurpose, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?purpose=${purpose}`);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: { url?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: fall through to the generic reason
      }
      if (xhr.status === 201 && body.url) {
        onProgress(100);
        resolve(body.url);
      } else {
        reject(new Error(body.message ?? `The server answered ${xhr.status}.`));
      }
    };
    xhr.onerror = () => reject(new Error("The connection was lost. Check your network and try again."));
    xhr.send(file);
  });
}

/** The size limit for a purpose, from the root loader, so a too-large file is told before it is sent. */
export function useUploadLimit(purpose: UploadPurpose) {
  const limits = useUploadLimits();
  return purpose === "pdf" ? (limits?.maxPdfBytes ?? 50 * 1024 * 1024) : (limits?.maxImageBytes ?? 10 * 1024 * 1024);
}

export function tooLargeMessage(purpose: UploadPurpose, limit: number) {
  return purpose === "pdf"
    ? `This PDF is too large: PDFs can be at most ${megabytes(limit)}.`
    : `This image is too large: images can be at most ${megabytes(limit)}.`;
}

/**
 * The one upload control of every form: choosing a file starts its upload at once (there is no
 * separate Upload button to forget), with a percentage; the stored file's URL then travels with
 * the form in a hidden input named `name`. While it uploads the form's submit should be disabled
 * (onUploadingChange). An image may instead be chosen from the media library (`library`), and an
 * optional one removed (`removable`). Without JavaScript the form still sends the value it had.
 */
export function UploadField({
  name,
  label,
  purpose,
  value,
  onChange,
  onUploadingChange,
  failureMessage,
  missingMessage,
  library = false,
  removable = false,
  fileName,
}: {
  name: string;
  label: string;
  purpose: "image" | "pdf";
  value: string;
  onChange: (url: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** SPEC.md's words for a failed upload on this form. */
  failureMessage: string;
  /** SPEC.md's words for an upload with no file chosen (the file chooser closed without one). */
  missingMessage: string;
  /** Offer "Choose from library" (images). */
  library?: boolean;
  /** Offer "Remove image": the field may be saved empty. */
  removable?: boolean;
  /** The name the file at `value` is known by (a PDF's own name): the stored one means nothing to a person. */
  fileName?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const [error, setError] = useState<{ title: string; reason?: string } | null>(null);
  const [picking, setPicking] = useState(false);
  // The name of the file this page uploaded, by its address: shown while it is the field's value.
  const [uploaded, setUploaded] = useState<{ url: string; name: string } | null>(null);
  // Never the stored name (a random id): without a name known, the link says what it opens.
  const shownName = uploaded?.url === value ? uploaded.name : (fileName ?? "open the file");
  const limit = useUploadLimit(purpose);
  const accept = purpose === "pdf" ? "application/pdf" : "image/png,image/jpeg,image/webp";

  async function start() {
    const file = input.current?.files?.[0];
    if (!file) return setError({ title: missingMessage });
    if (file.size > limit) return setError({ title: tooLargeMessage(purpose, limit) });
    setError(null);
    setState({ status: "uploading", percent: 0 });
    onUploadingChange?.(true);
    try {
      const url = await uploadFile(file, purpose, (percent) => setState({ status: "uploading", percent }));
      setState({ status: "done", url });
      setUploaded({ url, name: file.name });
      onChange(url);
    } catch (failure) {
      setState({ status: "failed", reason: (failure as Error).message });
      setError({ title: failureMessage, reason: (failure as Error).message });
    } finally {
      onUploadingChange?.(false);
      // The same file chosen again (after a failure, say) is a new choice.
      if (input.current) input.current.value = "";
    }
  }

  // The chooser closed without a file: SPEC.md's words for an upload with none, unless a file is
  // already there (then nothing changed).
  useEffect(() => {
    const element = input.current;
    const cancelled = () => {
      if (!value) setError({ title: missingMessage });
    };
    element?.addEventListener("cancel", cancelled);
    return () => element?.removeEventListener("cancel", cancelled);
  }, [value, missingMessage]);

  const uploading = state.status === "uploading";
  const secondary =
    "rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input type="hidden" name={name} value={value} />
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <input
          id={id}
          ref={input}
          type="file"
          accept={accept}
          disabled={uploading}
          onChange={() => void start()}
          className="block min-w-0 flex-1 rounded-md border border-slate-300 bg-white text-sm file:mr-3 file:rounded-l-md file:border-0 file:bg-navy-50 file:px-3 file:py-2.5 file:font-semibold file:text-navy-800 dark:border-slate-600 dark:bg-navy-950 dark:file:bg-navy-800 dark:file:text-white"
        />
        {library &&
          purpose === "image" &&
          (hydrated ? (
            <button type="button" onClick={() => setPicking(true)} disabled={uploading} className={secondary}>
              {PICKER_WORDS.open}
            </button>
          ) : (
            <a href="/dashboard?tab=media&kind=image" target="_blank" rel="noopener" className={secondary}>
              {PICKER_WORDS.open}
            </a>
          ))}
        {removable && value && hydrated && (
          <button
            type="button"
            onClick={() => {
              onChange("");
              setError(null);
            }}
            disabled={uploading}
            className={`${secondary} text-red-700 dark:text-red-300`}
          >
            {PICKER_WORDS.remove}
          </button>
        )}
      </div>
      {uploading && (
        <div className="mt-3" aria-live="polite">
          <div
            role="progressbar"
            aria-label={`Uploading ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className="h-full bg-navy-700 transition-all dark:bg-gold-400"
              style={{ width: `${state.percent}%` }}
            />
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Uploading… {state.percent}%</p>
        </div>
      )}
      {value && !uploading && (
        <div className="mt-3">
          {purpose === "pdf" ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Uploaded:{" "}
              <a href={value} target="_blank" rel="noopener" className="font-semibold underline">
                {shownName}
              </a>
            </p>
          ) : (
            <img
              src={value}
              alt="Uploaded preview"
              className="max-h-48 rounded-md border border-slate-200 object-cover dark:border-slate-700"
            />
          )}
        </div>
      )}
      {error && (
        <div className="mt-3">
          <Alert tone="error">
            <p className="font-semibold">{error.title}</p>
            {error.reason && <p className="mt-0.5">{error.reason}</p>}
          </Alert>
        </div>
      )}
      {picking && (
        <MediaPicker
          onOpenChange={setPicking}
          onPick={(image) => {
            onChange(image.url);
            setError(null);
          }}
        />
      )}
    </div>
  );
}
