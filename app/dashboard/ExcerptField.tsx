import { useId, useState } from "react";

import { FieldError } from "~/components/forms/FieldError";
import { CONTROL_CLASSES } from "~/components/ui/LabelledControl";
import { EXCERPT_HINT, EXCERPT_LABEL, excerptCount } from "~/domain/messages/posts";
import { POST_EXCERPT_MAX } from "~/lib/forms/publishing";

/**
 * A post's excerpt (issue 22): plain text for search engines and link previews, with its length
 * as it is typed. An empty one is made from the post's text where it is needed.
 */
export function ExcerptField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const id = useId();
  const [used, setUsed] = useState(defaultValue.length);
  const describedBy = [`${id}-hint`, `${id}-count`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {EXCERPT_LABEL}
      </label>
      <textarea
        id={id}
        name="excerpt"
        rows={3}
        maxLength={POST_EXCERPT_MAX}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        // Also counts text put back by the local copy or typed before the page's scripts ran (an input event).
        onInput={(event) => setUsed(event.currentTarget.value.length)}
        className={CONTROL_CLASSES}
      />
      <div className="mt-1 flex justify-between gap-4 text-xs text-slate-500 dark:text-slate-400">
        <p id={`${id}-hint`}>{EXCERPT_HINT}</p>
        <p id={`${id}-count`} aria-live="polite" className="shrink-0 tabular-nums">
          {excerptCount(used, POST_EXCERPT_MAX)}
        </p>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
