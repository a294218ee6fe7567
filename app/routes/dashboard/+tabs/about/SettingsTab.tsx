import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { PlaceNote } from "~/components/ui/PlaceNote";
import { Textarea } from "~/components/ui/Textarea";
import { RecordForm } from "~/dashboard/RecordPicker";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { SETTINGS_PLACES, SHOWN_ON } from "~/domain/messages/site";
import { SECTION_LABELS } from "~/domain/record-names";
import { SETTINGS_SECTIONS } from "~/domain/vocabulary";
import { FIELD_LABELS, isImageField } from "~/lib/forms/site-content";
import { ABOUT_PARAGRAPHS } from "~/lib/site-content";

import type { load } from "./about.server";

/** Fields written as paragraphs: a text box rather than a line. */
const LONG_FIELDS = new Set<string>([...ABOUT_PARAGRAPHS, "introSubtitle"]);

export function SettingsTab({ data: { section, fields }, result }: TabProps<Loaded<typeof load>>) {
  return (
    <section aria-labelledby="settings-title">
      <Heading id="settings-title">Site Settings Admin</Heading>
      <RecordForm
        tab="about"
        param="section"
        label="Section"
        value={section}
        // What each section is and where it shows; the place, linked, is said under the list (PlaceNote).
        options={SETTINGS_SECTIONS.map((s) => ({ value: s, label: SECTION_LABELS[s] }))}
        loadIntent="load-settings"
        saveIntent="save-settings"
        record={fields}
        failure="Failed to fetch section data"
        result={result}
      >
        {(shown, onUploadingChange) => (
          <>
            <PlaceNote label={SHOWN_ON} {...SETTINGS_PLACES[section]} history={`/history/settings/${section}`} />
            <SettingsFields fields={shown} onUploadingChange={onUploadingChange} />
          </>
        )}
      </RecordForm>
    </section>
  );
}

/** One section's fields. */
function SettingsFields({
  fields,
  onUploadingChange,
}: {
  fields: Record<string, string>;
  onUploadingChange: (uploading: boolean) => void;
}) {
  return Object.entries(fields).map(([field, value]) => {
    const label = FIELD_LABELS[field] ?? field;
    if (isImageField(field)) {
      return (
        <ImageUploadField
          key={field}
          name={field}
          label={label}
          defaultValue={value}
          onUploadingChange={onUploadingChange}
        />
      );
    }
    if (value.length > 120 || LONG_FIELDS.has(field)) {
      return <LongText key={field} name={field} label={label} defaultValue={value} />;
    }
    return <Field key={field} name={field} label={label} defaultValue={value} aria-required="true" />;
  });
}

/** A required paragraph field of the site-content forms. */
export function LongText({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
  return (
    <Textarea
      id={`field-${name}`}
      name={name}
      label={label}
      defaultValue={defaultValue}
      rows={4}
      aria-required="true"
      boxClassName="text-base"
    />
  );
}
