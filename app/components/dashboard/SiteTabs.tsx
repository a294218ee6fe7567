import { useEffect, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { UploadField } from "~/components/forms/UploadField";
import type { FocusKey, SettingsSection, StaffRole } from "~/domain/vocabulary";
import { FOCUS_KEYS, SETTINGS_SECTIONS, STAFF_ROLES } from "~/domain/vocabulary";
import { FOCUS_LABELS, SECTION_LABELS, STAFF_ROLE_LABELS } from "~/domain/vocabulary";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { FIELD_LABELS, isImageField } from "~/lib/forms/site-content";
import type { StaffRecord } from "~/lib/site-content";

export type TabResult = { ok: boolean; message: string } | undefined;

const heading = "font-serif text-3xl font-bold text-navy-900 dark:text-white";
const card = "mt-6 space-y-5";
const selectClass =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 dark:border-slate-600 dark:bg-navy-950";

function SaveButton({
  intent,
  label = "Save",
  busyLabel = "Saving...",
  disabled,
}: {
  intent: string;
  label?: string;
  busyLabel?: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy || disabled}
      className="rounded-md bg-navy-800 px-6 py-2.5 font-semibold text-white hover:bg-navy-700 disabled:opacity-60 dark:bg-gold-500 dark:text-navy-950"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

function Result({ result }: { result: TabResult }) {
  if (!result) return null;
  return (
    <Alert tone={result.ok ? "success" : "error"} token={result}>
      {result.message}
    </Alert>
  );
}

/**
 * The pick list of a form that edits one record of several (a settings section, a staff role), with
 * its Load button, inside that form. The fields on screen always belong to the record the list
 * names, and Save writes only that record:
 * - with scripts, choosing in the list loads that record's fields at once (focus stays on the list);
 * - without them, Load (a submit button of this form) asks the server for the chosen record;
 * - the form also sends `loaded`, the record its fields came from, and the server refuses a save
 *   whose list names another (a choice made without loading, or while it loads).
 */
function RecordPicker({
  tab,
  param,
  label,
  value,
  options,
  loadIntent,
  saveIntent,
  saveDisabled,
}: {
  tab: string;
  param: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  loadIntent: string;
  /** The form's Save, when it has one: Enter in a field saves rather than loads. */
  saveIntent?: string;
  saveDisabled?: boolean;
}) {
  const navigate = useNavigate();
  // What the list shows: the person's choice while it loads; once another record is on screen
  // (loaded, or the browser's Back), that record.
  const [choice, setChoice] = useState({ on: value, chosen: value });
  const shown = choice.on === value ? choice.chosen : value;
  return (
    <div className="relative flex items-end gap-3">
      {saveIntent && <EnterSaves intent={saveIntent} disabled={saveDisabled} />}
      <input type="hidden" name="loaded" value={value} />
      <div className="flex-1">
        <label htmlFor={`${tab}-${param}`} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <select
          id={`${tab}-${param}`}
          name={param}
          value={shown}
          onChange={(event) => {
            setChoice({ on: value, chosen: event.target.value });
            void navigate(`/dashboard?tab=${tab}&${param}=${encodeURIComponent(event.target.value)}`, {
              preventScrollReset: true,
            });
          }}
          className={selectClass}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        name="intent"
        value={loadIntent}
        formNoValidate
        className="rounded-md border border-slate-300 px-4 py-2.5 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        Load
      </button>
    </div>
  );
}

/** Tells the form whether these fields have uploads in flight (none once they are gone). */
function useReport(uploading: boolean, report: (uploading: boolean) => void) {
  useEffect(() => {
    report(uploading);
    return () => report(false);
  }, [uploading, report]);
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

export function SettingsTab({
  section,
  fields,
  result,
}: {
  section: SettingsSection;
  fields: Record<string, string> | null;
  result: TabResult;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className={heading}>
        Site Settings Admin
      </h2>
      <Form method="post" action={`/dashboard?tab=about&section=${section}`} className={card}>
        <RecordPicker
          tab="about"
          param="section"
          label="Section"
          value={section}
          options={SETTINGS_SECTIONS.map((s) => ({ value: s, label: SECTION_LABELS[s] }))}
          loadIntent="load-settings"
          saveIntent={fields === null ? undefined : "save-settings"}
          saveDisabled={uploading}
        />
        {fields === null ? (
          <Alert tone="error">Failed to fetch section data</Alert>
        ) : (
          <SettingsFields key={section} fields={fields} result={result} onUploadingChange={setUploading} />
        )}
      </Form>
    </section>
  );
}

/** One section's fields and Save: made anew for each section, so nothing carries across. */
function SettingsFields({
  fields,
  result,
  onUploadingChange,
}: {
  fields: Record<string, string>;
  result: TabResult;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  useReport(uploading, onUploadingChange);
  const [images, setImages] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(fields).filter(([f]) => isImageField(f))),
  );
  return (
    <>
      {Object.entries(fields).map(([field, value]) =>
        isImageField(field) ? (
          <UploadField
            key={field}
            name={field}
            label={FIELD_LABELS[field] ?? field}
            purpose="image"
            value={images[field] ?? ""}
            onChange={(url) => setImages((current) => ({ ...current, [field]: url }))}
            onUploadingChange={setUploading}
            failureMessage="Error uploading image"
            missingMessage="Please select an image"
          />
        ) : value.length > 120 ||
          ["intro", "mission", "vision", "philosophy", "vcMessage", "directorMessage", "introSubtitle"].includes(
            field,
          ) ? (
          <TextArea key={field} name={field} label={FIELD_LABELS[field] ?? field} defaultValue={value} />
        ) : (
          <Field
            key={field}
            name={field}
            label={FIELD_LABELS[field] ?? field}
            defaultValue={value}
            aria-required="true"
          />
        ),
      )}
      <Result result={result} />
      <SaveButton intent="save-settings" disabled={uploading} />
    </>
  );
}

function TextArea({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={`field-${name}`}
        name={name}
        defaultValue={defaultValue}
        rows={4}
        aria-required="true"
        className={`${selectClass} text-base`}
      />
    </div>
  );
}

export function StaffTab({ role, record, result }: { role: StaffRole; record: StaffRecord | null; result: TabResult }) {
  const [uploading, setUploading] = useState(false);
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title" className={heading}>
        Staff Management
      </h2>
      <Form method="post" noValidate action={`/dashboard?tab=staff&role=${role}`} className={card}>
        <RecordPicker
          tab="staff"
          param="role"
          label="Role"
          value={role}
          options={STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }))}
          loadIntent="load-staff"
          saveIntent={record === null ? undefined : "save-staff"}
          saveDisabled={uploading}
        />
        {record === null ? (
          <Alert tone="error">Failed to fetch staff data</Alert>
        ) : (
          <StaffFields key={role} record={record} result={result} onUploadingChange={setUploading} />
        )}
      </Form>
    </section>
  );
}

/** One role's fields and Save: made anew for each role, so nothing carries across. */
function StaffFields({
  record,
  result,
  onUploadingChange,
}: {
  record: StaffRecord;
  result: TabResult;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  useReport(uploading, onUploadingChange);
  const [photo, setPhoto] = useState(record.photo ?? "");
  return (
    <>
      <Field name="name" label="Name" defaultValue={record.name} aria-required="true" />
      <Field name="post" label="Post" defaultValue={record.post} aria-required="true" />
      <Field name="email" type="email" label="Email" defaultValue={record.email} aria-required="true" />
      <TextArea name="description" label="Description" defaultValue={record.description} />
      <UploadField
        name="photo"
        label="Photo"
        purpose="image"
        value={photo}
        onChange={setPhoto}
        onUploadingChange={setUploading}
        failureMessage="Error uploading image"
        missingMessage="Please select an image"
      />
      <Result result={result} />
      <SaveButton intent="save-staff" disabled={uploading} />
    </>
  );
}

export function AnnouncementTab({
  announcement,
  result,
}: {
  announcement: { title: string; content: string };
  result: TabResult;
}) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  return (
    <section aria-labelledby="announce-title">
      <h2 id="announce-title" className={heading}>
        Announcement
      </h2>
      <Form method="post" action="/dashboard?tab=announce" className={card}>
        <Field name="title" label="Title" defaultValue={announcement.title} aria-required="true" />
        <RichTextEditor
          name="content"
          label="Content"
          defaultValue={announcement.content}
          onUploadingChange={setUploading}
        />
        <Result result={result} />
        <SaveButton intent="save-announcement" label="Submit" busyLabel="Submitting..." disabled={uploading} />
      </Form>
    </section>
  );
}

export function FocusTab({
  focus,
  result,
}: {
  focus: { key: FocusKey; title: string; subtitle: string; content: string };
  result: TabResult;
}) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  return (
    <section aria-labelledby="focus-title">
      <h2 id="focus-title" className={heading}>
        Focus
      </h2>
      <nav aria-label="Focus pages" className="mt-6 flex flex-wrap gap-2">
        {FOCUS_KEYS.map((key) => (
          <Link
            key={key}
            to={`/dashboard?tab=focus&page=${key}`}
            aria-current={key === focus.key ? "page" : undefined}
            className={`rounded-md px-4 py-2 text-sm font-semibold ${key === focus.key ? "bg-navy-800 text-white dark:bg-gold-500 dark:text-navy-950" : "border border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"}`}
          >
            {FOCUS_LABELS[key]}
          </Link>
        ))}
      </nav>
      <Form key={focus.key} method="post" action={`/dashboard?tab=focus&page=${focus.key}`} className={card}>
        <input type="hidden" name="key" value={focus.key} />
        <Field name="title" label="Title" defaultValue={focus.title} />
        <Field name="subtitle" label="Subtitle" defaultValue={focus.subtitle} />
        <RichTextEditor name="content" label="Content" defaultValue={focus.content} onUploadingChange={setUploading} />
        <Result result={result} />
        <SaveButton intent="save-focus" label="Submit" busyLabel="Submitting..." disabled={uploading} />
      </Form>
    </section>
  );
}
