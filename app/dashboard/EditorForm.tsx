import { useCallback } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";

import { Alert } from "~/components/forms/Alert";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { saveButtonLabel } from "~/domain/messages/editorial";
import { DISCARD, RESTORE, restoreOffer } from "~/domain/messages/forms";
import { useSchemaCheck, useUploadsInFlight } from "~/lib/form-hooks";
import { useLocalCopy } from "~/lib/local-copy";
import { UnsavedChangesGuard, useUnsavedChanges } from "~/lib/unsaved-changes";

import { DraftAutosave } from "./DraftAutosave";
import { EditorialFields, type EditorialSetup } from "./EditorialFields";

const NO_FIELDS: readonly string[] = [];

/**
 * The page of an editor (a post, a journal article): checked in the browser with the server's
 * schema, each problem told by its field (`children` lays the fields out). The publishing box comes
 * first (issue 33): status, schedule, address, the form's own problem, and a save button that
 * follows the chosen status, waits for uploads and says when it is saving.
 */
export function EditorForm({
  heading,
  schema,
  refused,
  editorial,
  alreadyPublished,
  localCopy,
  autosave = false,
  children,
}: {
  heading: string;
  schema: z.ZodType;
  /** The server's problems with the form last sent. */
  refused: Record<string, string> | undefined;
  /** The publishing box's values and the item's addresses. */
  editorial: EditorialSetup;
  /** The item is public already: saving it published again is an Update. */
  alreadyPublished: boolean;
  /**
   * Fields kept in this browser as they are typed, under `key` (the record's kind and id, or
   * "new"); the route's clientAction removes the copy once the server took the form.
   */
  localCopy?: { key: string; fields: readonly string[] };
  /** Store the form as a draft on the server as it is typed (new items and drafts). */
  autosave?: boolean;
  children: (errors: Record<string, string>, onUploadingChange: (uploading: boolean) => void) => React.ReactNode;
}) {
  const check = useSchemaCheck(schema);
  const errors: Record<string, string> = check.errors ?? check.unlessFixed(refused) ?? {};
  const { uploading, onUploadingChange } = useUploadsInFlight();
  const submitting = useNavigation().state === "submitting";
  const { watch, saved } = useUnsavedChanges();
  const copy = useLocalCopy(localCopy?.key ?? "", localCopy?.fields ?? NO_FIELDS);
  const keepCopy = copy.ref;
  const formRef = useCallback(
    (element: HTMLFormElement | null) => {
      watch(element);
      keepCopy(element);
    },
    [watch, keepCopy],
  );
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Heading level={1}>{heading}</Heading>
      <UnsavedChangesGuard />
      <Form
        ref={formRef}
        method="post"
        onSubmit={check.onSubmit}
        onInput={check.onInput}
        className="mt-8 space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700/60 dark:bg-night-card"
      >
        {copy.offer && (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-navy-100 bg-navy-50 px-4 py-3 text-sm text-navy-900 dark:border-navy-700 dark:bg-navy-900 dark:text-slate-100"
          >
            <p>{restoreOffer(new Date(copy.offer.savedAt).toLocaleString())}</p>
            <div className="flex gap-2">
              <Button type="button" size="sm" onClick={copy.restore}>
                {RESTORE}
              </Button>
              <Button type="button" size="sm" variant="secondary" onClick={copy.discard}>
                {DISCARD}
              </Button>
            </div>
          </div>
        )}
        <EditorialFields
          {...editorial}
          errors={errors}
          actions={(status) => (
            <div className="space-y-3">
              {errors.form && <Alert tone="error">{errors.form}</Alert>}
              {autosave && <DraftAutosave onSaved={saved} />}
              <Button type="submit" disabled={uploading || submitting} className="disabled:cursor-not-allowed">
                {submitting ? "Saving..." : saveButtonLabel(status, alreadyPublished)}
              </Button>
            </div>
          )}
        />
        {children(errors, onUploadingChange)}
      </Form>
    </section>
  );
}
