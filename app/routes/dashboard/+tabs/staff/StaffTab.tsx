import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { PlaceNote } from "~/components/ui/PlaceNote";
import { RecordForm } from "~/dashboard/RecordPicker";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { SHOWN_ON, STAFF_PLACE } from "~/domain/messages/site";
import { STAFF_ROLE_LABELS } from "~/domain/record-names";
import { STAFF_ROLES } from "~/domain/vocabulary";
import type { StaffRecord } from "~/lib/site-content";

import { LongText } from "../about/SettingsTab";
import type { load } from "./staff.server";

export function StaffTab({ data: { role, record }, result }: TabProps<Loaded<typeof load>>) {
  return (
    <section aria-labelledby="staff-title">
      <Heading id="staff-title">Staff Management</Heading>
      <PlaceNote label={SHOWN_ON} {...STAFF_PLACE} history={`/history/staff/${role}`} />
      <RecordForm
        tab="staff"
        param="role"
        label="Role"
        value={role}
        options={STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }))}
        loadIntent="load-staff"
        saveIntent="save-staff"
        record={record}
        failure="Failed to fetch staff data"
        noValidate
        result={result}
      >
        {(shown, onUploadingChange) => <StaffFields record={shown} onUploadingChange={onUploadingChange} />}
      </RecordForm>
    </section>
  );
}

/** One role's fields. */
function StaffFields({
  record,
  onUploadingChange,
}: {
  record: StaffRecord;
  onUploadingChange: (uploading: boolean) => void;
}) {
  return (
    <>
      <Field name="name" label="Name" defaultValue={record.name} aria-required="true" />
      <Field name="post" label="Post" defaultValue={record.post} aria-required="true" />
      <Field name="email" type="email" label="Email" defaultValue={record.email} aria-required="true" />
      <LongText name="description" label="Description" defaultValue={record.description} />
      <ImageUploadField
        name="photo"
        label="Photo"
        defaultValue={record.photo ?? ""}
        onUploadingChange={onUploadingChange}
      />
    </>
  );
}
