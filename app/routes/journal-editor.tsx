import { useState } from "react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { UploadField } from "~/components/forms/UploadField";
import { PDF_REQUIRED } from "~/domain/messages/journals";
import { failedOnNetwork, keepFormOnNetworkFailure } from "~/lib/form-hooks";
import { type JournalForm, journalSchema } from "~/lib/forms/publishing";
import { removeCopy } from "~/lib/local-copy";
import { pageTitle } from "~/lib/meta";
import { services } from "~/runtime.server";
import { requireAdmin } from "~/web/session.server";

import type { Route } from "./+types/journal-editor";
import { editorAction } from "./dashboard/+shared/editor.server";
import { EditorForm } from "./dashboard/+shared/EditorForm";

const EMPTY: JournalForm = { filename: "", details: "", file: "" };

/** /create-journal and /update-journal/{journalId}: admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!params.journalId) return { journal: null, values: EMPTY };
  const journal = await (await services()).journals.byId(params.journalId);
  if (!journal) throw data({ message: "Journal article not found" }, { status: 404 });
  return {
    journal: { id: journal.id, slug: journal.slug },
    values: { filename: journal.filename, details: journal.details, file: journal.file },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, EMPTY, journalSchema, async (journal, admin) => {
    const { journals } = await services();
    if (params.journalId) await journals.update(params.journalId, journal);
    else await journals.create({ ...journal, userId: admin.id });
    return "/dashboard?tab=journals";
  });
}

/** A request that never reached the server says so in SPEC.md's words, and keeps the form. */
export function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  return keepFormOnNetworkFailure(serverAction, "Unable to post journal", () => removeCopy(copyKey(params.journalId)));
}

/** Offline, the page's data is not asked for again (the form stays, with its message). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return !failedOnNetwork(actionResult) && defaultShouldRevalidate;
}

/** Where this browser keeps a copy of the journal article being written (LocalCopy). */
const copyKey = (journalId: string | undefined) => `journal:${journalId ?? "new"}`;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, loaderData?.journal ? "Edit journal" : "Create journal") }];
}

export default function JournalEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editing = Boolean(loaderData.journal);
  const values = actionData?.values ?? loaderData.values;
  const [file, setFile] = useState(values.file);
  return (
    <EditorForm
      heading={editing ? "Edit journal" : "Create journal"}
      schema={journalSchema}
      refused={actionData?.errors}
      submitLabel="Submit"
      localCopy={{ key: copyKey(loaderData.journal?.id), fields: ["filename", "details"] }}
    >
      {(errors, onUploadingChange) => (
        <>
          <Field
            label="Journal title"
            name="filename"
            aria-required="true"
            defaultValue={values.filename}
            error={errors.filename}
          />
          <RichTextEditor
            name="details"
            label="Description"
            defaultValue={values.details}
            onUploadingChange={onUploadingChange}
            error={errors.details}
          />
          <div>
            <UploadField
              name="file"
              label={editing ? "PDF (upload a new one to replace it)" : "PDF"}
              purpose="pdf"
              value={file}
              onChange={setFile}
              onUploadingChange={onUploadingChange}
              failureMessage="trouble uploading journal"
              missingMessage={PDF_REQUIRED}
            />
            <FieldError id="file-error" message={errors.file} />
          </div>
        </>
      )}
    </EditorForm>
  );
}
