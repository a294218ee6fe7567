import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { Select, type SelectOption } from "~/components/ui/Select";
import { choiceNotLoaded } from "~/domain/messages/forms";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { changedFromServer, isTypedControl, replayingTypedFields } from "~/lib/typed-before-hydration";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import { FormActions } from "./FormActions";
import { SaveButton } from "./SaveButton";
import type { ActionResult } from "./tab";

type RecordPickerProps = {
  tab: string;
  param: string;
  label: string;
  value: string;
  options: SelectOption[];
  loadIntent: string;
  /** The form's Save, when it has one: Enter in a field saves rather than loads. */
  saveIntent?: string;
  saveDisabled?: boolean;
};

/** The record of this tab being loaded (another one chosen in the list), or null. */
function usePendingRecord(tab: string, param: string): string | null {
  const loading = useNavigation().location;
  if (loading?.pathname !== "/dashboard") return null;
  const pending = new URLSearchParams(loading.search);
  return (pending.get("tab") === tab && pending.get(param)) || null;
}

/** Whether the form's fields hold something typed that the page did not come with. */
function hasTypedWork(form: HTMLFormElement) {
  return [...form.elements].some(
    (control) => isTypedControl(control) && !control.closest("[data-not-work]") && changedFromServer(control),
  );
}

/**
 * The pick list of a form that edits one record of several (a settings section, a staff role), with
 * its Load button, inside that form. The fields on screen always belong to the record the list
 * names, and Save writes only that record:
 * - with scripts, choosing in the list loads that record's fields at once (focus stays on the list);
 * - without them, Load (a submit button of this form) asks the server for the chosen record;
 * - the form also sends `loaded`, the record its fields came from, and the server refuses a save
 *   whose list names another (a choice made without loading, or while it loads);
 * - a choice made before the scripts ran is kept when they start (React would otherwise draw the
 *   list back to the record on screen, and what was typed would be saved for that record): it is
 *   loaded then, unless its fields were typed into meanwhile; that is never dropped or saved
 *   elsewhere unasked: the list keeps the choice, a note says what to do, and Save is refused.
 */
export function RecordPicker(props: RecordPickerProps) {
  const { tab, param, label, value, options, loadIntent, saveIntent, saveDisabled } = props;
  const navigate = useNavigate();
  const list = useRef<HTMLSelectElement>(null);
  // A choice made before the scripts ran, not loaded yet (gone once its record is on screen).
  const [earlyChoice, setEarly] = useState<string | null>(null);
  const early = earlyChoice === value ? null : earlyChoice;
  // What the list shows: the person's choice while it loads (or before the scripts ran); otherwise
  // the record on screen (also when leaving unsaved work was called off, or after the browser's Back).
  const shown = usePendingRecord(tab, param) || early || value;
  const choose = useCallback(
    (chosen: string) => {
      setEarly(null);
      if (chosen === value) return;
      // These fields are about to be replaced by the chosen record's: they take no more typing from
      // this moment. The fieldset's `disabled` would only follow at the next render, and text typed
      // in between would vanish with them. Once the move is settled (made, called off, or overtaken),
      // the fieldset is again as React draws it (`aria-busy` is its drawn state).
      const fields = list.current?.form?.querySelector<HTMLFieldSetElement>(":scope > fieldset[aria-busy]");
      if (fields) fields.disabled = true;
      const move = navigate(`/dashboard?tab=${tab}&${param}=${encodeURIComponent(chosen)}`, {
        preventScrollReset: true,
      });
      void Promise.resolve(move).finally(() => {
        if (fields) fields.disabled = fields.getAttribute("aria-busy") === "true";
      });
    },
    [navigate, tab, param, value],
  );

  // Hydration: the list as the person left it, before React draws it again from `value`.
  useLayoutEffect(() => {
    const chosen = list.current?.value;
    if (chosen && chosen !== value) setEarly(chosen);
    // Only the list the server drew: later renders draw it themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // After every field has its typed text back (restoreTypedFields): load the early choice, or keep it.
  useEffect(() => {
    const form = list.current?.form;
    if (early !== null && form && !hasTypedWork(form)) choose(early);
  }, [early, choose]);

  const labelOf = (key: string) => options.find((option) => option.value === key)?.label ?? key;
  return (
    <>
      <div className="relative flex items-end gap-3">
        {saveIntent && <EnterSaves intent={saveIntent} disabled={saveDisabled} />}
        <input type="hidden" name="loaded" value={value} />
        {/* Choosing here shows another record: not work of its own (the guard asks before it is left). */}
        <Select
          ref={list}
          data-not-work
          className="flex-1"
          id={`${tab}-${param}`}
          name={param}
          label={label}
          value={shown}
          // A choice made before the scripts ran, told now: kept, and loaded only if nothing was typed.
          onChange={(event) => (replayingTypedFields() ? setEarly(event.target.value) : choose(event.target.value))}
          options={options}
        />
        <Button
          type="submit"
          variant="secondary"
          size="inline"
          className="rounded-md px-4 py-2.5 text-sm"
          name="intent"
          value={loadIntent}
          formNoValidate
        >
          Load
        </Button>
      </div>
      {early !== null && (
        <Alert tone="info" dismissible={false}>
          {choiceNotLoaded(labelOf(early), labelOf(value))}
        </Alert>
      )}
    </>
  );
}

/**
 * Enter in a field submits a form through its first submit button, which would be Load: this
 * unseen Save comes first, so Enter saves, as the Save button at the end of the form does.
 */
function EnterSaves({ intent, disabled }: { intent: string; disabled?: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={disabled}
      tabIndex={-1}
      aria-hidden="true"
      className="sr-only"
    >
      Save
    </button>
  );
}

/** Tells the form whether these fields have uploads in flight (none once they are gone). */
function useReportUploads(uploading: boolean, report: (uploading: boolean) => void) {
  useEffect(() => {
    report(uploading);
    return () => report(false);
  }, [uploading, report]);
}

/**
 * One record's fields, then the form's message and Save: Save waits while the fields' uploads are
 * in flight (counted here, as they come and go with the record's fields).
 */
function RecordFields<Record>({
  record,
  children,
  result,
  saveIntent,
  onUploadingChange,
}: {
  record: Record;
  children: (record: Record, onUploadingChange: (uploading: boolean) => void) => React.ReactNode;
  result: ActionResult | undefined;
  saveIntent: string;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { uploading, onUploadingChange: countUpload } = useUploadsInFlight();
  useReportUploads(uploading, onUploadingChange);
  return (
    <>
      {children(record, countUpload)}
      <FormActions>
        <Notice result={result} />
        <SaveButton intent={saveIntent} disabled={uploading} />
      </FormActions>
    </>
  );
}

/**
 * The form of a tab that edits one record of several: the pick list, then the chosen record's fields
 * (made anew for each record, so nothing carries across) with the answer to the last save and Save,
 * or `failure` when the record could not be read.
 */
export function RecordForm<Record>({
  record,
  failure,
  noValidate,
  saveIntent,
  result,
  children,
  ...picker
}: Omit<Parameters<typeof RecordPicker>[0], "saveIntent" | "saveDisabled"> & {
  record: Record | null;
  failure: string;
  noValidate?: boolean;
  saveIntent: string;
  /** The tab's last answer, told above Save. */
  result: ActionResult | undefined;
  /** The record's fields; `onUploadingChange` goes to each of their uploads. */
  children: (record: Record, onUploadingChange: (uploading: boolean) => void) => React.ReactNode;
}) {
  const [uploading, setUploading] = useState(false);
  const { watch } = useUnsavedChanges();
  const pending = usePendingRecord(picker.tab, picker.param);
  const switching = pending !== null && pending !== picker.value;
  return (
    <Form
      ref={watch}
      method="post"
      noValidate={noValidate}
      action={`/dashboard?tab=${picker.tab}&${picker.param}=${picker.value}`}
      className="mt-6 space-y-5"
    >
      <RecordPicker {...picker} saveIntent={record === null ? undefined : saveIntent} saveDisabled={uploading} />
      {record === null ? (
        <Alert tone="error">{failure}</Alert>
      ) : (
        // While another record loads, these fields (about to be replaced) take no typing and no Save.
        <fieldset key={picker.value} disabled={switching} aria-busy={switching} className="contents">
          <RecordFields record={record} result={result} saveIntent={saveIntent} onUploadingChange={setUploading}>
            {children}
          </RecordFields>
        </fieldset>
      )}
    </Form>
  );
}
