import { useEffect, useId, useRef, useState } from "react";

import { Alert } from "~/components/forms/Alert";
import { REPLACED_EVENT } from "~/lib/local-copy";

/**
 * The rich-text field of every form (posts, journal details, announcement, focus pages). Before
 * JavaScript runs it is a plain textarea of HTML; then Quill takes over and keeps the textarea's
 * value in step, so the form posts the same field either way.
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
  const uploadingChange = useRef(onUploadingChange);
  useEffect(() => {
    uploadingChange.current = onUploadingChange;
  });

  useEffect(() => {
    let cancelled = false;
    let teardown = () => {};
    void import("./quill-setup.client").then(({ createEditor }) => {
      if (cancelled || !container.current) return;
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
      });
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
      {(error || uploadError) && (
        <div className="mt-2">
          <Alert tone="error">{error ?? uploadError}</Alert>
        </div>
      )}
    </div>
  );
}
