import { useState } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { UploadField } from "~/components/forms/UploadField";
import { PDF_REQUIRED } from "~/domain/messages/journals";
import { failedOnNetwork, keepFormOnNetworkFailure } from "~/lib/form-hooks";
import { EMPTY_EDITORIAL, toLocalDateTime } from "~/lib/forms/editorial";
import { type JournalEditorForm, journalEditorSchema } from "~/lib/forms/publishing";
import {
  type ArticleMetadata,
  articleMetadataFromForm,
  articleMetadataToForm,
  EMPTY_ARTICLE_METADATA,
} from "~/lib/forms/scholarly";
import { removeCopy } from "~/lib/local-copy";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { formAction } from "~/web/form-action.server";
import { requireAdmin } from "~/web/session.server";

import type { Route } from "./+types/journal-editor";
import { autosaved, autosaveDraft, autosaveForm, editorForm, saveFromEditor } from "./dashboard/+shared/editor.server";
import { EditorForm } from "./dashboard/+shared/EditorForm";
import { EditorialFields, HistoryLink, PreviewButton } from "./dashboard/+shared/EditorialFields";
import { ScholarlyFields } from "./dashboard/+shared/ScholarlyFields";

const EMPTY: JournalEditorForm = {
  filename: "",
  details: "",
  file: "",
  ...EMPTY_EDITORIAL,
  ...EMPTY_ARTICLE_METADATA,
};

/** What the scholarly fields choose from: every issue (forthcoming ones too) and the journal's licence. */
async function scholarlyChoices() {
  const { scholarly } = await services();
  const [issues, profile] = await Promise.all([scholarly.issues({ includeForthcoming: true }), scholarly.profile()]);
  return {
    issues: issues.map(({ id, volume, number, year, title }) => ({ id, volume, number, year, title })),
    defaultLicence: profile.licence,
  };
}

/** /create-journal and /update-journal/{journalId}: admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  // A new article starts as a draft (issue 31): it goes public when the editor publishes it, or
  // with its issue when the issue is published.
  const choices = await scholarlyChoices();
  // A new article's page key (draftId) is the id its first save creates it under (see post-editor).
  if (!params.journalId)
    return { journal: null, choices, values: { ...EMPTY, status: "draft", draftId: crypto.randomUUID() } };
  const { journals } = await services();
  const journal = await journals.byId(params.journalId, "admin");
  if (!journal) throw data({ message: "Journal article not found" }, { status: 404 });
  return {
    journal: { id: journal.id, slug: journal.slug, revisions: (await journals.revisions(journal.id)).length },
    choices,
    values: {
      ...articleMetadataToForm(journal as unknown as ArticleMetadata),
      filename: journal.filename,
      details: journal.details,
      file: journal.file,
      status: journal.status,
      publishAt: toLocalDateTime(journal.publishAt),
      tzOffset: "",
      slug: journal.slug,
      version: String(journal.version),
    } as JournalEditorForm,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const editor = { admin, recordId: params.journalId };
  if (new URL(request.url).searchParams.has("autosave")) {
    return formAction(request, autosaveForm(request, admin, EMPTY, journalEditorSchema), async ({ input }) => {
      const { journals } = await services();
      return autosaved(await autosaveDraft(journals, journalFields(input), input, editor));
    });
  }
  // SPEC.md's words for a article that could not be saved.
  const spec = {
    ...editorForm(request, admin, EMPTY, journalEditorSchema),
    words: { failed: "Unable to post journal" },
  };
  return formAction(request, spec, async ({ input }) => {
    const { journals } = await services();
    await saveFromEditor(journals, journalFields(input), input, { ...editor, title: input.filename });
    return redirect("/dashboard?tab=journals");
  });
}

const journalFields = (form: JournalEditorForm) => ({
  filename: form.filename,
  details: form.details,
  file: form.file,
  ...articleMetadataFromForm(form),
});

/** A request that never reached the server says so in SPEC.md's words, and keeps the form. */
export function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  return keepFormOnNetworkFailure(serverAction, "Unable to post journal", () => removeCopy(copyKey(params.journalId)));
}

/** Offline, the page's data is not asked for again (the form stays, with its message). */
export function shouldRevalidate({ actionResult, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // An autosave changes nothing the form shows: its answer updates the form itself.
  if (formAction?.includes("autosave")) return false;
  return !failedOnNetwork(actionResult) && defaultShouldRevalidate;
}

/** Where this browser keeps a copy of the journal article being written (LocalCopy). */
const copyKey = (journalId: string | undefined) => `journal:${journalId ?? "new"}`;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, loaderData?.journal ? "Edit journal" : "Create journal") }, NOINDEX];
}

export default function JournalEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editing = Boolean(loaderData.journal);
  // The page's own submissions (an autosave's answer goes to its fetcher, not here).
  const answer = actionData && "values" in actionData ? actionData : undefined;
  const values = (answer?.values as JournalEditorForm | null) ?? loaderData.values;
  const [file, setFile] = useState(values.file);
  return (
    <EditorForm
      heading={editing ? "Edit journal" : "Create journal"}
      schema={journalEditorSchema}
      refused={answer?.errors}
      submitLabel="Submit"
      // New items, and drafts, are kept on the server as the editor types.
      autosave={!loaderData.journal || values.status === "draft"}
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
          <EditorialFields
            values={values}
            errors={errors}
            addressPrefix="/journal/"
            publicHref={loaderData.journal ? `/journal/${loaderData.journal.slug}` : undefined}
          />
          <ScholarlyFields
            values={values}
            errors={errors}
            issues={loaderData.choices.issues}
            defaultLicence={loaderData.choices.defaultLicence}
          />
          <div className="flex flex-wrap items-center gap-4">
            <PreviewButton kind="journal" recordId={loaderData.journal?.id} />
            {loaderData.journal && (
              <HistoryLink
                href={`/update-journal/${loaderData.journal.id}/history`}
                count={loaderData.journal.revisions}
              />
            )}
          </div>
        </>
      )}
    </EditorForm>
  );
}
