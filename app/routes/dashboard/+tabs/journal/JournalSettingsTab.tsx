import { Form } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { PlaceNote } from "~/components/ui/PlaceNote";
import { Select } from "~/components/ui/Select";
import { JOURNAL_SETTINGS_PLACE, SHOWN_ON } from "~/domain/messages/site";
import { type BoardMember, issueLabel, LICENCES } from "~/domain/scholarly";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { boardField, journalProfileToForm, MAX_BOARD } from "~/lib/forms/scholarly";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import { FormActions } from "../../+shared/FormActions";
import { RepeatedRows } from "../../+shared/RepeatedRows";
import { SaveButton } from "../../+shared/SaveButton";
import type { Loaded, TabProps } from "../../tab";
import type { load } from "./journal.server";

const INTENT = "save-journal-settings";
const LICENCE_OPTIONS = LICENCES.map((l) => ({ value: l.id, label: l.label }));
const NO_MEMBER: BoardMember = { name: "", role: "", affiliation: "" };

/** The board as the form last had it: the rows sent, or the saved board. */
function boardOf(values: Record<string, string>): BoardMember[] {
  const board: BoardMember[] = [];
  for (let i = 0; i < MAX_BOARD; i++) {
    const member = {
      name: values[boardField(i, "name")] ?? "",
      role: values[boardField(i, "role")] ?? "",
      affiliation: values[boardField(i, "affiliation")] ?? "",
    };
    if (member.name || member.role || member.affiliation) board.push(member);
  }
  return board;
}

export function JournalSettingsTab({ data: { profile, issues }, result }: TabProps<Loaded<typeof load>>) {
  const { uploading, onUploadingChange } = useUploadsInFlight();
  const { watch } = useUnsavedChanges();
  const refused = result?.intent === INTENT && !result.ok ? result : undefined;
  const values = refused?.values ?? journalProfileToForm(profile);
  const errors = refused?.errors ?? {};
  const board = boardOf(values);
  return (
    <section aria-labelledby="journal-settings-title">
      <Heading id="journal-settings-title">Journal settings</Heading>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        What the journal's pages, citations and the indexers' records say about the journal itself.
      </p>
      <PlaceNote label={SHOWN_ON} {...JOURNAL_SETTINGS_PLACE} history="/history/journal-settings/profile" />
      <Form ref={watch} method="post" action="/dashboard?tab=journal" className="mt-6 space-y-6" noValidate>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field name="title" label="Title" defaultValue={values.title} aria-required="true" error={errors.title} />
          <Field
            name="abbreviation"
            label="Abbreviation"
            hint="The abbreviated title citations use, like J. Peace Secur. Stud."
            defaultValue={values.abbreviation}
            error={errors.abbreviation}
          />
          <Field
            name="issnPrint"
            label="ISSN (print)"
            hint="Like 2049-3630"
            defaultValue={values.issnPrint}
            error={errors.issnPrint}
          />
          <Field
            name="issnOnline"
            label="ISSN (online)"
            hint="Like 2049-3630"
            defaultValue={values.issnOnline}
            error={errors.issnOnline}
          />
          <Field name="publisher" label="Publisher" defaultValue={values.publisher} error={errors.publisher} />
          <Field
            name="doiPrefix"
            label="DOI prefix"
            hint="Your Crossref prefix, like 10.1234"
            defaultValue={values.doiPrefix}
            error={errors.doiPrefix}
          />
          <Select
            name="licence"
            label="Default licence"
            options={LICENCE_OPTIONS}
            defaultValue={values.licence}
            error={errors.licence}
          />
        </div>
        <RichTextEditor
          name="focusScope"
          label="Focus and scope"
          defaultValue={values.focusScope}
          onUploadingChange={onUploadingChange}
          error={errors.focusScope}
        />
        <div>
          <Heading level={3}>Editorial board</Heading>
          <div className="mt-3">
            <RepeatedRows
              filled={board}
              empty={NO_MEMBER}
              spare={2}
              max={MAX_BOARD}
              noun="Board member"
              addLabel="Add member"
            >
              {(i, member) => (
                <>
                  <Field
                    name={boardField(i, "name")}
                    label="Name"
                    defaultValue={member.name}
                    error={errors[boardField(i, "name")]}
                  />
                  <Field
                    name={boardField(i, "role")}
                    label="Role"
                    hint="Editor-in-Chief, Associate Editor…"
                    defaultValue={member.role}
                    error={errors[boardField(i, "role")]}
                  />
                  <Field
                    name={boardField(i, "affiliation")}
                    label="Affiliation"
                    defaultValue={member.affiliation}
                    error={errors[boardField(i, "affiliation")]}
                  />
                </>
              )}
            </RepeatedRows>
          </div>
        </div>
        <fieldset className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700/60">
          <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
            Current call for papers
          </legend>
          <Field name="callTitle" label="Call title" defaultValue={values.callTitle} error={errors.callTitle} />
          <RichTextEditor
            name="callText"
            label="Call text"
            defaultValue={values.callText}
            onUploadingChange={onUploadingChange}
            error={errors.callText}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              type="date"
              name="callDeadline"
              label="Deadline"
              defaultValue={values.callDeadline}
              error={errors.callDeadline}
            />
            <Select
              name="callIssueId"
              label="For the issue"
              placeholder="No particular issue"
              options={issues.map((issue) => ({ value: issue.id, label: issueLabel(issue) }))}
              defaultValue={values.callIssueId}
              error={errors.callIssueId}
            />
          </div>
        </fieldset>
        <FormActions>
          <Notice result={result?.intent === INTENT ? result : undefined} />
          <SaveButton intent={INTENT} disabled={uploading} />
        </FormActions>
      </Form>
    </section>
  );
}
