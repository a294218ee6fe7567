import { Form } from "react-router";
import type { z } from "zod";

import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { Textarea } from "~/components/ui/Textarea";
import { useSchemaCheck, useUploadsInFlight } from "~/lib/form-hooks";
import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { firstMessage } from "~/lib/forms/errors";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import { COURSE_PAGE, type CourseLists } from "./course-types";
import { CourseFields, DepartmentNameFields } from "./CourseFields";

const PANEL = "rounded-xl border border-slate-200 p-5 dark:border-slate-700 space-y-4";

/**
 * One create form: checked in the browser with the server's schema, so an obvious mistake is
 * told in the form (one message) without a round trip.
 */
function CreateForm({
  title,
  intent,
  schema,
  busy = false,
  children,
}: {
  title: string;
  intent: string;
  schema: z.ZodType;
  busy?: boolean;
  children: React.ReactNode;
}) {
  const check = useSchemaCheck(schema);
  const message = check.errors && firstMessage(check.errors);
  const { watch } = useUnsavedChanges();
  return (
    <Form
      ref={watch}
      method="post"
      action={COURSE_PAGE}
      className={PANEL}
      onSubmit={check.onSubmit}
      onInput={check.onInput}
    >
      <Heading level={3}>{title}</Heading>
      <input type="hidden" name="intent" value={intent} />
      {children}
      {message && <Alert tone="error">{message}</Alert>}
      <Button type="submit" disabled={busy}>
        {title}
      </Button>
    </Form>
  );
}

export function CreateFacultyForm() {
  return (
    <CreateForm title="Create Faculty" intent="create-faculty" schema={facultySchema}>
      <Field label="Faculty name" name="name" />
    </CreateForm>
  );
}

export function CreateDepartmentForm({ lists }: { lists: CourseLists }) {
  const { uploading, onUploadingChange } = useUploadsInFlight();
  return (
    <CreateForm title="Create Department" intent="create-department" schema={departmentSchema} busy={uploading}>
      <DepartmentNameFields lists={lists} prefix="new-department" />
      <ImageUploadField name="departimage" label="Department image (optional)" onUploadingChange={onUploadingChange} />
      <Textarea id="new-department-content" name="content" label="Description (optional)" rows={3} />
    </CreateForm>
  );
}

export function CreateCourseForm({ lists }: { lists: CourseLists }) {
  return (
    <CreateForm title="Create Course" intent="create-course" schema={courseSchema}>
      <CourseFields lists={lists} prefix="new-course" />
    </CreateForm>
  );
}
