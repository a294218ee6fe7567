import { useEffect, useRef, useState } from "react";

import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { Select } from "~/components/ui/Select";
import { EDITORIAL_STATUS_LABELS, EDITORIAL_STATUSES } from "~/domain/vocabulary";
import { type EditorialForm, parseLocalDateTime, toLocalDateTime } from "~/lib/forms/editorial";

const STATUS_OPTIONS = EDITORIAL_STATUSES.map((value) => ({ value, label: EDITORIAL_STATUS_LABELS[value] }));

const zoneName = (offset: number) => {
  const sign = offset <= 0 ? "+" : "-";
  const minutes = Math.abs(offset);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

/** What the publishing box of an editor is given: the form's values and where the item lives. */
export type EditorialSetup = {
  values: EditorialForm;
  /** "/post/" or "/journal/": what the address field completes. */
  addressPrefix: string;
  /** The item's page, when it exists: where the other editor's version can be seen. */
  publicHref?: string;
};

/**
 * The publishing box at the top of an editor (issue 33): status, schedule and address of a post or
 * journal article, the version the editor loaded, and `actions` (the save button, which follows
 * the chosen status, and the form's messages). The server shows the schedule in UTC; once the
 * scripts run, it is shown (and sent) in the browser's own time zone.
 */
export function EditorialFields({
  values,
  errors,
  addressPrefix,
  publicHref,
  actions,
}: EditorialSetup & {
  errors: Record<string, string>;
  /** The box's buttons and messages, given the status chosen now. */
  actions: (status: string) => React.ReactNode;
}) {
  const [status, setStatus] = useState(values.status);
  // A form given back (refused, restored) shows its own status.
  const [shownFor, setShownFor] = useState(values.status);
  if (shownFor !== values.status) {
    setShownFor(values.status);
    setStatus(values.status);
  }
  const publishAt = useRef<HTMLInputElement>(null);
  const tzOffset = useRef<HTMLInputElement>(null);
  const [zone, setZone] = useState("UTC");
  useEffect(() => {
    const offset = new Date().getTimezoneOffset();
    const field = publishAt.current;
    if (!field || !tzOffset.current || tzOffset.current.value !== values.tzOffset) return;
    // A time the server wrote (in UTC, untouched since) is shown in local time; one typed before
    // the scripts ran is taken as local time as it is.
    if (field.value && field.value === field.defaultValue) {
      const at = parseLocalDateTime(field.value, values.tzOffset || "0");
      if (at) field.value = toLocalDateTime(at, offset);
    }
    tzOffset.current.value = String(offset);
    setZone(zoneName(offset));
  }, [values.tzOffset]);

  return (
    <fieldset className="grid gap-6 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700/60">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">Publishing</legend>
      <Select
        id="status"
        name="status"
        label="Status"
        defaultValue={values.status}
        options={STATUS_OPTIONS}
        error={errors.status}
        onChange={(event) => setStatus(event.currentTarget.value)}
      />
      <Field
        ref={publishAt}
        type="datetime-local"
        name="publishAt"
        label="Publish at"
        hint={`For Scheduled (time zone: ${zone})`}
        defaultValue={values.publishAt}
        error={errors.publishAt}
      />
      <input ref={tzOffset} type="hidden" name="tzOffset" defaultValue={values.tzOffset} />
      <Field
        name="slug"
        label="Address"
        hint={`${addressPrefix}${values.slug || "…"}; change it only to move the page (the old address will redirect)`}
        placeholder="made from the title"
        defaultValue={values.slug}
        error={errors.slug}
      />
      <input type="hidden" name="version" value={values.version} readOnly />
      <input type="hidden" name="draftId" defaultValue={values.draftId} />
      {errors.version && (
        <div className="sm:col-span-3">
          <Alert tone="error">
            {errors.version}{" "}
            {publicHref && (
              <a href={publicHref} target="_blank" rel="noreferrer" className="font-semibold underline">
                See their version (opens a new tab)
              </a>
            )}
          </Alert>
        </div>
      )}
      <div className="sm:col-span-3">{actions(status)}</div>
    </fieldset>
  );
}

/**
 * Opens what the form holds now in a new tab, as the public page would show it, under a private
 * link that can be shared until it expires. Without scripts the button posts the form there itself.
 */
export function PreviewButton({ kind, recordId }: { kind: "post" | "journal"; recordId?: string }) {
  const open = (event: React.MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    // The page's router would open the preview here and leave the editor: a plain form opens the tab.
    event.preventDefault();
    const copy = document.createElement("form");
    copy.method = "post";
    copy.action = "/preview";
    copy.target = "_blank";
    copy.hidden = true;
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== "string") continue;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      copy.append(input);
    }
    document.body.append(copy);
    copy.submit();
    copy.remove();
  };
  return (
    <>
      <input type="hidden" name="previewKind" value={kind} />
      <input type="hidden" name="recordId" value={recordId ?? ""} />
      <button
        type="submit"
        formAction="/preview"
        formTarget="_blank"
        formNoValidate
        onClick={open}
        className="rounded-md border border-navy-600 px-4 py-2 text-sm font-semibold text-navy-700 hover:bg-navy-50 dark:border-gold-300 dark:text-gold-300 dark:hover:bg-navy-900"
      >
        Preview
      </button>
    </>
  );
}

/** The way to an item's earlier versions (who saved what, when; compare; restore). */
export function HistoryLink({ href, count }: { href: string; count: number }) {
  return (
    <a href={href} className="text-sm font-semibold text-navy-700 underline dark:text-gold-300">
      History ({count} {count === 1 ? "revision" : "revisions"})
    </a>
  );
}
