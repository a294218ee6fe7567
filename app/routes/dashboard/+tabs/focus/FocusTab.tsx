import { Form, Link } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { buttonClasses } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { PlaceNote } from "~/components/ui/PlaceNote";
import { FormActions } from "~/dashboard/FormActions";
import { SaveButton } from "~/dashboard/SaveButton";
import type { ActionResult, Loaded, TabProps } from "~/dashboard/tab";
import { FOCUS_PLACES, SHOWN_ON } from "~/domain/messages/site";
import { FOCUS_KEYS, FOCUS_LABELS, type FocusKey } from "~/domain/vocabulary";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import type { load } from "./focus.server";

type FocusRecord = { key: FocusKey; title: string; subtitle: string; content: string };

export function FocusTab({ data: focus, result }: TabProps<Loaded<typeof load>>) {
  return (
    <section aria-labelledby="focus-title">
      <Heading id="focus-title">Focus</Heading>
      <nav aria-label="Focus pages" className="mt-6 flex flex-wrap gap-2">
        {FOCUS_KEYS.map((key) => (
          <Link
            key={key}
            to={`/dashboard?tab=focus&page=${key}`}
            aria-current={key === focus.key ? "page" : undefined}
            className={buttonClasses(key === focus.key ? "primary" : "secondary", "sm", "text-left")}
          >
            {FOCUS_LABELS[key]}
            {/* SPEC.md's key, and under it the place on the site the page's text goes. */}
            <span className="block text-xs font-normal opacity-80">{FOCUS_PLACES[key].place}</span>
          </Link>
        ))}
      </nav>
      <PlaceNote label={SHOWN_ON} {...FOCUS_PLACES[focus.key]} history={`/history/focus/${focus.key}`} />
      <FocusForm key={focus.key} focus={focus} result={result} />
    </section>
  );
}

/** One page's focus text: made anew for each page, so nothing carries across. */
function FocusForm({ focus, result }: { focus: FocusRecord; result: ActionResult | undefined }) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  const { watch } = useUnsavedChanges();
  return (
    <Form ref={watch} method="post" action={`/dashboard?tab=focus&page=${focus.key}`} className="mt-6 space-y-5">
      <input type="hidden" name="key" value={focus.key} />
      <Field name="title" label="Title" defaultValue={focus.title} />
      <Field name="subtitle" label="Subtitle" defaultValue={focus.subtitle} />
      <RichTextEditor name="content" label="Content" defaultValue={focus.content} onUploadingChange={setUploading} />
      <FormActions>
        <Notice result={result} />
        <SaveButton intent="save-focus" label="Submit" busyLabel="Submitting..." disabled={uploading} />
      </FormActions>
    </Form>
  );
}
