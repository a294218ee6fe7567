import type Quill from "quill";
import { useEffect, useId, useRef, useState } from "react";

import { Alert } from "~/components/forms/Alert";
import { MediaPicker } from "~/components/forms/MediaPicker";
import { ALT_PROMPT } from "~/domain/messages/media";
import { REPLACED_EVENT } from "~/lib/local-copy";

type Setup = typeof import("./quill-setup.client");

/**
 * The rich-text field of every form (posts, journal details, announcement, focus pages). Before
 * JavaScript runs it is a plain textarea of HTML; then Quill takes over and keeps the textarea's
 * value in step, so the form posts the same field either way. An image put in (uploaded, or chosen
 * from the media library with its alt text) is followed by a question for its alt text.
 */
export function RichTextEditor({
  name,
  label,
  defaultValue,
  onUploadingChange,
  error,
}: {
  name: string;
  label: string;
  defaultValue: string;
  onUploadingChange?: (uploading: boolean) => void;
  error?: string;
}) {
  const labelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [ready, setReady] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useRef<{ quill: Quill; setup: Setup } | null>(null);
  /** Images waiting for their alt text, the first one asked now. */
  const [describing, setDescribing] = useState<{ url: string; alt: string }[]>([]);
  const [picking, setPicking] = useState(false);
  const altId = useId();
  const uploadingChange = useRef(onUploadingChange);
  useEffect(() => {
    uploadingChange.current = onUploadingChange;
  });

  useEffect(() => {
    let cancelled = false;
    let teardown = () => {};
    void import("./quill-setup.client").then((setup) => {
      if (cancelled || !container.current) return;
      const { createEditor } = setup;
      // Someone already typing in the plain field carries on in the editor, where they were.
      const wasTyping = document.activeElement === textarea.current;
      let created = false;
      const quill = createEditor(container.current, textarea.current?.value ?? defaultValue, labelId, {
        onChange: (html) => {
          if (!textarea.current) return;
          textarea.current.value = html;
          // The form hears of every edit (formatting too), as it would of typing in the textarea.
          if (created) textarea.current.dispatchEvent(new Event("input", { bubbles: true }));
        },
        onUploadingChange: (uploading) => uploadingChange.current?.(uploading),
        onError: setUploadError,
        onImagesInserted: (urls) => setDescribing((queue) => [...queue, ...urls.map((url) => ({ url, alt: "" }))]),
      });
      editor.current = { quill, setup };
      created = true;
      setReady(true);
      if (wasTyping) {
        quill.focus();
        quill.setSelection(quill.getLength(), 0, "silent");
      }
      // A value put into the textarea from outside (a restored copy) replaces the editor's text.
      const field = textarea.current;
      const replace = () => field && quill.clipboard.dangerouslyPasteHTML(field.value, "api");
      field?.addEventListener(REPLACED_EVENT, replace);
      teardown = () => {
        quill.off("text-change");
        field?.removeEventListener(REPLACED_EVENT, replace);
      };
    });
    return () => {
      cancelled = true;
      teardown();
    };
    // The editor is created once; later prop changes do not recreate it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div>
      <span id={labelId} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </span>
      <textarea
        ref={textarea}
        name={name}
        defaultValue={defaultValue}
        aria-labelledby={labelId}
        rows={10}
        hidden={ready}
        className="mt-1.5 block w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm dark:border-slate-600 dark:bg-navy-950"
      />
      <div className={ready ? "editor-shell mt-1.5 rounded-md bg-white text-ink dark:bg-slate-100" : "hidden"}>
        <div ref={container} className="min-h-64" />
      </div>
      {ready && (
        <div className="mt-2">
          <button
            type="button"
            onClick={() => setPicking(true)}
            className="text-sm font-semibold text-navy-700 hover:underline dark:text-gold-300"
          >
            {ALT_PROMPT.library}
          </button>
        </div>
      )}
      {describing.length > 0 && (
        <AltQuestion
          key={`${describing[0].url}:${describing.length}`}
          id={altId}
          image={describing[0]}
          onAnswer={(alt) => {
            const current = editor.current;
            if (current && alt !== null) current.setup.describeImage(current.quill, describing[0].url, alt);
            setDescribing((queue) => queue.slice(1));
            if (describing.length === 1) current?.quill.focus();
          }}
        />
      )}
      {picking && (
        <MediaPicker
          onOpenChange={setPicking}
          onPick={(image) => {
            const current = editor.current;
            if (!current) return;
            current.setup.insertStoredImage(current.quill, image.url, image.alt);
            setDescribing((queue) => [...queue, { url: image.url, alt: image.alt }]);
          }}
        />
      )}
      {(error || uploadError) && (
        <div className="mt-2">
          <Alert tone="error">{error ?? uploadError}</Alert>
        </div>
      )}
    </div>
  );
}

/** The question after an image goes in: its alt text (prefilled with the library's), or skip. */
function AltQuestion({
  id,
  image,
  onAnswer,
}: {
  id: string;
  image: { url: string; alt: string };
  /** The alt text, or null to leave the image as it is. */
  onAnswer: (alt: string | null) => void;
}) {
  const [alt, setAlt] = useState(image.alt);
  return (
    <div className="border-navy-200 mt-3 flex flex-wrap items-end gap-3 rounded-md border bg-navy-50 p-3 dark:border-navy-700 dark:bg-navy-950">
      <img src={image.url} alt="" className="h-14 w-20 rounded object-cover" />
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="block text-sm font-semibold">
          {ALT_PROMPT.label}
        </label>
        <input
          id={id}
          value={alt}
          maxLength={300}
          // The question comes right after the person put the image in: answer it there.
          autoFocus
          onChange={(event) => setAlt(event.target.value)}
          onKeyDown={(event) => {
            // Enter answers the question rather than sending the whole form.
            if (event.key === "Enter") {
              event.preventDefault();
              onAnswer(alt.trim());
            }
          }}
          aria-describedby={`${id}-hint`}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-600 dark:bg-navy-900"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {ALT_PROMPT.hint}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => onAnswer(alt.trim())}
          className="rounded-md bg-navy-800 px-3 py-2 text-sm font-semibold text-white dark:bg-gold-500 dark:text-navy-950"
        >
          {ALT_PROMPT.save}
        </button>
        <button
          type="button"
          onClick={() => onAnswer(null)}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold dark:border-slate-600"
        >
          {ALT_PROMPT.skip}
        </button>
      </div>
    </div>
  );
}
