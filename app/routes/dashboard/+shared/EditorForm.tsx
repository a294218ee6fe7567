import { Form, useNavigation } from "react-router";
import type { z } from "zod";

import { Alert } from "~/components/forms/Alert";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { useSchemaCheck, useUploadsInFlight } from "~/lib/form-hooks";
import { fieldErrors } from "~/lib/forms/errors";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

/**
 * The page of an admin's create or update form: checked in the browser with the server's schema,
 * each problem told by its field (`children` lays the fields out), the form's own at the end, and a
 * submit button that waits for uploads and says when it is saving.
 */
export function EditorForm({
  heading,
  schema,
  refused,
  submitLabel,
  children,
}: {
  heading: string;
  schema: z.ZodType;
  /** The server's problems with the form last sent. */
  refused: Record<string, string> | undefined;
  submitLabel: string;
  children: (errors: Record<string, string>, onUploadingChange: (uploading: boolean) => void) => React.ReactNode;
}) {
  const check = useSchemaCheck(schema, fieldErrors);
  const errors: Record<string, string> = check.errors ?? refused ?? {};
  const { uploading, onUploadingChange } = useUploadsInFlight();
  const submitting = useNavigation().state === "submitting";
  const watch = useUnsavedChanges();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Heading level={1}>{heading}</Heading>
      <Form
        ref={watch}
        method="post"
        onSubmit={check.onSubmit}
        className="mt-8 space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700/60 dark:bg-night-card"
      >
        {children(errors, onUploadingChange)}
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <Button type="submit" size="block" disabled={uploading || submitting} className="disabled:cursor-not-allowed">
          {submitting ? "Saving..." : submitLabel}
        </Button>
      </Form>
    </section>
  );
}
