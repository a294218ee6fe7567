import { Form } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { PlaceNote } from "~/components/ui/PlaceNote";
import { Select } from "~/components/ui/Select";
import { FormActions } from "~/dashboard/FormActions";
import { RepeatedRows } from "~/dashboard/RepeatedRows";
import { SaveButton } from "~/dashboard/SaveButton";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { JOURNAL_SETTINGS_PLACE, SHOWN_ON } from "~/domain/messages/site";
import { boardField, journalProfileToForm, MAX_BOARD } from "~/journal/forms";
import { type BoardMember, issueLabel, LICENCES } from "~/journal/vocabulary";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

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
  const bind = fieldBinder(values, errors);
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
          <Field {...bind("title")} label="Title" aria-required="true" />
          <Field
            {...bind("abbreviation")}
            label="Abbreviation"
            hint="The abbreviated title citations use, like J. Peace Secur. Stud."
          />
          <Field {...bind("issnPrint")} label="ISSN (print)" hint="Like 2049-3630" />
          <Field {...bind("issnOnline")} label="ISSN (online)" hint="Like 2049-3630" />
          <Field {...bind("publisher")} label="Publisher" />
          <Field {...bind("doiPrefix")} label="DOI prefix" hint="Your Crossref prefix, like 10.1234" />
          <Select {...bind("licence")} label="Default licence" options={LICENCE_OPTIONS} />
        </div>
        <RichTextEditor {...bind("focusScope")} label="Focus and scope" onUploadingChange={onUploadingChange} />
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
              {(i, member) => {
                const row = fieldBinder(member, errors, (part) => boardField(i, part));
                return (
                  <>
                    <Field {...row("name")} label="Name" />
                    <Field {...row("role")} label="Role" hint="Editor-in-Chief, Associate Editor…" />
                    <Field {...row("affiliation")} label="Affiliation" />
                  </>
                );
              }}
            </RepeatedRows>
          </div>
        </div>
        <fieldset className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700/60">
          <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
            Current call for papers
          </legend>
          <Field {...bind("callTitle")} label="Call title" />
          <RichTextEditor {...bind("callText")} label="Call text" onUploadingChange={onUploadingChange} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field type="date" {...bind("callDeadline")} label="Deadline" />
            <Select
              {...bind("callIssueId")}
              label="For the issue"
              placeholder="No particular issue"
              options={issues.map((issue) => ({ value: issue.id, label: issueLabel(issue) }))}
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
