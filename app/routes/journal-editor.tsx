import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { UploadField } from "~/components/forms/UploadField";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { PDF_REQUIRED } from "~/domain/messages/journals";
import { keepFormOnNetworkFailure, useSchemaCheck, useUploadsInFlight } from "~/lib/form-hooks";
import { fieldErrors, type JournalForm, journalSchema } from "~/lib/forms/publishing";
import { pageTitle } from "~/lib/meta";
import { readForm } from "~/lib/read-form.server";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { requireAdmin } from "~/web/session.server";

import type { Route } from "./+types/journal-editor";

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
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const values = {
    filename: String(form.get("filename") ?? ""),
    details: String(form.get("details") ?? ""),
    file: String(form.get("file") ?? ""),
  };
  const parsed = journalSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const { journals } = await services();
  try {
    if (params.journalId) await journals.update(params.journalId, parsed.data);
    else await journals.create({ ...parsed.data, userId: admin.id });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data(
      { errors: { [error.field ?? "form"]: error.message } as Record<string, string>, values },
      { status: error.status },
    );
  }
  return redirect("/dashboard?tab=journals");
}

/** A request that never reached the server says so in SPEC.md's words, and keeps the form. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormOnNetworkFailure(serverAction, "Unable to post journal");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, loaderData?.journal ? "Edit journal" : "Create journal") }];
}

export default function JournalEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editing = Boolean(loaderData.journal);
  const values = actionData?.values ?? loaderData.values;
  const check = useSchemaCheck(journalSchema, fieldErrors);
  const errors: Record<string, string> = check.errors ?? actionData?.errors ?? {};
  const [file, setFile] = useState(values.file);
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Heading level={1}>{editing ? "Edit journal" : "Create journal"}</Heading>
      <Form
        method="post"
        onSubmit={check.onSubmit}
        className="mt-8 space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700/60 dark:bg-night-card"
      >
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
          onUploadingChange={setUploading}
          error={errors.details}
        />
        <div>
          <UploadField
            name="file"
            label={editing ? "PDF (upload a new one to replace it)" : "PDF"}
            purpose="pdf"
            value={file}
            onChange={setFile}
            onUploadingChange={setUploading}
            failureMessage="trouble uploading journal"
            missingMessage={PDF_REQUIRED}
          />
          <FieldError id="file-error" message={errors.file} />
        </div>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <Button type="submit" size="block" disabled={uploading || submitting} className="disabled:cursor-not-allowed">
          {submitting ? "Saving..." : "Submit"}
        </Button>
      </Form>
    </section>
  );
}
