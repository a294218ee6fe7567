import { useState } from "react";
import { Form } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { Notice } from "~/components/ui/Notice";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/domain/vocabulary";
import { useUploadsInFlight } from "~/lib/form-hooks";
import type { StaffRecord } from "~/lib/site-content";

import { RecordPicker, useReportUploads } from "../../+shared/RecordPicker";
import { SaveButton } from "../../+shared/SaveButton";
import type { ActionResult, TabProps } from "../../tab";
import { LongText } from "../about/SettingsTab";

type StaffData = { role: StaffRole; record: StaffRecord | null };

export function StaffTab({ data: { role, record }, result }: TabProps<StaffData>) {
  const [uploading, setUploading] = useState(false);
  return (
    <section aria-labelledby="staff-title">
      <Heading id="staff-title">Staff Management</Heading>
      <Form method="post" noValidate action={`/dashboard?tab=staff&role=${role}`} className="mt-6 space-y-5">
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
  result: ActionResult | undefined;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  useReportUploads(uploading, onUploadingChange);
  return (
    <>
      <Field name="name" label="Name" defaultValue={record.name} aria-required="true" />
      <Field name="post" label="Post" defaultValue={record.post} aria-required="true" />
      <Field name="email" type="email" label="Email" defaultValue={record.email} aria-required="true" />
      <LongText name="description" label="Description" defaultValue={record.description} />
      <ImageUploadField name="photo" label="Photo" defaultValue={record.photo ?? ""} onUploadingChange={setUploading} />
      <Notice result={result} />
      <SaveButton intent="save-staff" disabled={uploading} />
    </>
  );
}
