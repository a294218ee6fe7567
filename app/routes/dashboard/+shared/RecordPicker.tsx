import { Fragment, useEffect, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { Button } from "~/components/ui/Button";
import { Select, type SelectOption } from "~/components/ui/Select";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

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

/**
 * The pick list of a form that edits one record of several (a settings section, a staff role), with
 * its Load button, inside that form. The fields on screen always belong to the record the list
 * names, and Save writes only that record:
 * - with scripts, choosing in the list loads that record's fields at once (focus stays on the list);
 * - without them, Load (a submit button of this form) asks the server for the chosen record;
 * - the form also sends `loaded`, the record its fields came from, and the server refuses a save
 *   whose list names another (a choice made without loading, or while it loads).
 */
export function RecordPicker(props: RecordPickerProps) {
  const { tab, param, label, value, options, loadIntent, saveIntent, saveDisabled } = props;
  const navigate = useNavigate();
  // What the list shows: the person's choice while it loads; otherwise the record on screen (also
  // when leaving unsaved work was called off, or after the browser's Back).
  const loading = useNavigation().location;
  const pending = loading && new URLSearchParams(loading.search);
  const shown = (loading?.pathname === "/dashboard" && pending?.get("tab") === tab && pending.get(param)) || value;
  const choose = (chosen: string) => {
    void navigate(`/dashboard?tab=${tab}&${param}=${encodeURIComponent(chosen)}`, { preventScrollReset: true });
  };
  return (
    <div className="relative flex items-end gap-3">
      {saveIntent && <EnterSaves intent={saveIntent} disabled={saveDisabled} />}
      <input type="hidden" name="loaded" value={value} />
      {/* Choosing here shows another record: not work of its own (the guard asks before it is left). */}
      <Select
        data-not-work
        className="flex-1"
        id={`${tab}-${param}`}
        name={param}
        label={label}
        value={shown}
        onChange={(event) => choose(event.target.value)}
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
export function useReportUploads(uploading: boolean, report: (uploading: boolean) => void) {
  useEffect(() => {
    report(uploading);
    return () => report(false);
  }, [uploading, report]);
}

/**
 * The form of a tab that edits one record of several: the pick list, then the chosen record's fields
 * (made anew for each record, so nothing carries across), or `failure` when the record could not be read.
 * Save waits while the fields have uploads in flight (they report them with useReportUploads).
 */
export function RecordForm<Record>({
  record,
  failure,
  noValidate,
  saveIntent,
  children,
  ...picker
}: Omit<Parameters<typeof RecordPicker>[0], "saveIntent" | "saveDisabled"> & {
  record: Record | null;
  failure: string;
  noValidate?: boolean;
  saveIntent: string;
  children: (record: Record, onUploadingChange: (uploading: boolean) => void) => React.ReactNode;
}) {
  const [uploading, setUploading] = useState(false);
  const { watch } = useUnsavedChanges();
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
        <Fragment key={picker.value}>{children(record, setUploading)}</Fragment>
      )}
    </Form>
  );
}
