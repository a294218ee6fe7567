import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { UploadField } from "~/components/forms/UploadField";
import { Button, buttonClasses } from "~/components/ui/Button";
import { HEADING_CLASSES } from "~/components/ui/Heading";
import { Textarea } from "~/components/ui/Textarea";
import { useSchemaCheck, useUploadsInFlight } from "~/lib/form-hooks";
import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { fieldErrors, firstMessage } from "~/lib/forms/errors";
import { useRestoreFocus } from "~/lib/use-restore-focus";

import type { ActionResult } from "../../tab";
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
  const focus = useRestoreFocus();
  const check = useSchemaCheck(SCHEMAS[editing.kind], fieldErrors);
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
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/70" />
      <Dialog.Content
        {...focus}
        className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-7 shadow-2xl dark:bg-night-card dark:text-slate-100"
      >
        <Dialog.Title className={HEADING_CLASSES[3]}>Edit {TYPE_NAME[editing.kind].toLowerCase()}</Dialog.Title>
        <Dialog.Description className="sr-only">Change the fields and save.</Dialog.Description>
        <fetcher.Form method="post" action={COURSE_PAGE} className="mt-5 space-y-4" onSubmit={check.onSubmit}>
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
      </Dialog.Content>
    </Dialog.Root>
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
  const [image, setImage] = useState(department.departimage);
  return (
    <>
      <DepartmentNameFields lists={lists} department={department} prefix="edit-department" />
      <UploadField
        name="departimage"
        label="Department image"
        purpose="image"
        value={image}
        onChange={setImage}
        onUploadingChange={onUploadingChange}
        failureMessage="Error uploading image"
        missingMessage="Please select an image"
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
