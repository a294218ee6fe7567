import { Form } from "react-router";

import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { Select } from "~/components/ui/Select";
import { Textarea } from "~/components/ui/Textarea";
import { FormActions } from "~/dashboard/FormActions";
import { SaveButton } from "~/dashboard/SaveButton";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { useUnsavedChanges } from "~/lib/unsaved-changes";
import { MAIL_TEMPLATE_KEYS, MAIL_TEMPLATES, REVIEW_MODEL_LABELS, REVIEW_MODELS } from "~/submissions/settings";

import type { load } from "./submission-settings.server";

const INTENT = "save-submission-settings";

/** A group of the form's fields under its legend (`wide`: more room between them). */
function Group({ legend, wide = false, children }: { legend: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <fieldset className={wide ? "space-y-6" : "space-y-5"}>
      <legend className="font-serif text-xl font-semibold text-navy-900 dark:text-white">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function SubmissionSettingsTab({ data, result }: TabProps<Loaded<typeof load>>) {
  const { watch } = useUnsavedChanges();
  const refused = result?.intent === INTENT && !result.ok ? result : undefined;
  const values = refused?.values ?? data.form;
  const errors = refused?.errors ?? {};
  const bind = fieldBinder(values, errors);
  return (
    <section aria-labelledby="submission-settings-title">
      <Heading id="submission-settings-title">Submission settings</Heading>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        How authors submit, how reviews are run, and the text of every mail the workflow sends.
      </p>
      <Form ref={watch} method="post" action="/dashboard?tab=submission-settings" className="mt-6 space-y-8" noValidate>
        <Group legend="Where authors submit">
          <Select
            {...bind("mode")}
            label="Submissions"
            options={[
              { value: "here", label: "On this site (/submit)" },
              { value: "portal", label: "At an outside portal" },
            ]}
          />
          <Field {...bind("portalUrl")} label="The portal's address (when authors submit elsewhere)" type="url" />
          <Textarea {...bind("requirements")} label="Requirements shown to authors" rows={4} />
          <Textarea {...bind("checklist")} label="Checklist an author confirms (one item a line)" rows={4} />
        </Group>
        <Group legend="Review">
          <Select
            {...bind("reviewModel")}
            label="Review model"
            options={REVIEW_MODELS.map((value) => ({ value, label: REVIEW_MODEL_LABELS[value] }))}
          />
          <Textarea {...bind("guidelines")} label="Guidelines for reviewers" rows={4} />
          <div className="grid gap-5 sm:grid-cols-3">
            <Field {...bind("reviewDays")} label="Days a reviewer is given" inputMode="numeric" />
            <Field {...bind("remindBeforeDays")} label="Reminder, days before the due date" inputMode="numeric" />
            <Field {...bind("remindAfterDays")} label="Reminder, days after the due date" inputMode="numeric" />
          </div>
          <Select
            {...bind("editorInChiefId")}
            label="Editor in chief (assigns handling editors)"
            options={[
              { value: "", label: "Any admin" },
              ...data.editors.map((editor) => ({ value: editor.id, label: editor.name })),
            ]}
          />
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="recommendOnly"
              value="on"
              defaultChecked={values.recommendOnly === "on"}
              className="mt-1 h-4 w-4"
            />
            <span>Handling editors recommend a decision; the editor in chief makes it</span>
          </label>
        </Group>
        <Group legend="Mails" wide>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Words in braces are filled in when the mail is sent; each mail offers only the ones listed under it, so a
            mail never names someone its reader may not know.
          </p>
          {MAIL_TEMPLATE_KEYS.map((key) => (
            <div key={key} className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <h3 className="font-semibold text-navy-900 dark:text-white">{MAIL_TEMPLATES[key].label}</h3>
              <Field {...bind(`mail.${key}.subject`)} label="Subject" />
              <Textarea {...bind(`mail.${key}.body`)} label="Text" rows={6} />
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Can use: {MAIL_TEMPLATES[key].placeholders.map((name) => `{${name}}`).join(", ")}
              </p>
            </div>
          ))}
        </Group>
        <FormActions>
          <Notice result={result?.intent === INTENT ? result : undefined} />
          <SaveButton intent={INTENT} />
        </FormActions>
      </Form>
    </section>
  );
}
