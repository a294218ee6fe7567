import * as Dialog from "@radix-ui/react-dialog";
import { useEffect } from "react";
import { useFetcher } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { Button, buttonClasses } from "~/components/ui/Button";
import { DialogPanel } from "~/components/ui/DialogPanel";
import { HEADING_CLASSES } from "~/components/ui/Heading";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { Textarea } from "~/components/ui/Textarea";
import type { ActionResult } from "~/dashboard/tab";
import { useSchemaCheck, useUploadsInFlight } from "~/lib/form-hooks";
import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { firstMessage } from "~/lib/forms/errors";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import { COURSE_PAGE, type CourseLists, type DepartmentRow, type Editing, TYPE_NAME } from "./course-types";
import { CourseFields, DepartmentNameFields } from "./CourseFields";

const SCHEMAS = { faculty: facultySchema, department: departmentSchema, course: courseSchema };

/**
 * Edits one record. It stays open until the server accepts the change, so a refusal (a duplicate
 * code, a department of another faculty) is shown here with everything still typed.
 */
export function EditModal({
  editing,
  lists,
  onClose,
  onSaved,
}: {
  editing: Editing;
  lists: CourseLists;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const check = useSchemaCheck(SCHEMAS[editing.kind]);
  const { uploading, onUploadingChange } = useUploadsInFlight();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) {
      onSaved(answer.message);
      onClose();
    }
  }, [answer, onSaved, onClose]);
  const message = (check.errors && firstMessage(check.errors)) ?? (answer && !answer.ok ? answer.message : null);
  const sending = fetcher.state !== "idle";
  const { watch } = useUnsavedChanges(answer?.ok === false);
  return (
    <DialogPanel open onOpenChange={(open) => !open && onClose()} className="max-h-[90vh] max-w-2xl overflow-y-auto">
      <Dialog.Title className={HEADING_CLASSES[3]}>Edit {TYPE_NAME[editing.kind].toLowerCase()}</Dialog.Title>
      <Dialog.Description className="sr-only">Change the fields and save.</Dialog.Description>
      <fetcher.Form
        ref={watch}
        method="post"
        action={COURSE_PAGE}
        className="mt-5 space-y-4"
        onSubmit={check.onSubmit}
        onInput={check.onInput}
      >
        <input type="hidden" name="intent" value={`update-${editing.kind}`} />
        <input type="hidden" name="id" value={editing.row.id} />
        <EditFields editing={editing} lists={lists} onUploadingChange={onUploadingChange} />
        {message && <Alert tone="error">{message}</Alert>}
        <div className="flex justify-end gap-3 pt-2">
          <Dialog.Close className={buttonClasses("secondary", "md")}>Cancel</Dialog.Close>
          <Button type="submit" disabled={uploading || sending}>
            {sending ? "Saving..." : "Save"}
          </Button>
        </div>
      </fetcher.Form>
    </DialogPanel>
  );
}

function EditFields({
  editing,
  lists,
  onUploadingChange,
}: {
  editing: Editing;
  lists: CourseLists;
  onUploadingChange: (uploading: boolean) => void;
}) {
  if (editing.kind === "faculty") return <Field label="Faculty name" name="name" defaultValue={editing.row.name} />;
  if (editing.kind === "course") return <CourseFields lists={lists} course={editing.row} prefix="edit-course" />;
  return <DepartmentEditFields department={editing.row} lists={lists} onUploadingChange={onUploadingChange} />;
}

function DepartmentEditFields({
  department,
  lists,
  onUploadingChange,
}: {
  department: DepartmentRow;
  lists: CourseLists;
  onUploadingChange: (uploading: boolean) => void;
}) {
  return (
    <>
      <DepartmentNameFields lists={lists} department={department} prefix="edit-department" />
      <ImageUploadField
        name="departimage"
        label="Department image"
        defaultValue={department.departimage}
        onUploadingChange={onUploadingChange}
      />
      <Textarea
        id="edit-department-content"
        name="content"
        label="Description"
        rows={4}
        defaultValue={department.content}
      />
    </>
  );
}
