import { Form, Link } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { PlaceNote } from "~/components/ui/PlaceNote";
import { FormActions } from "~/dashboard/FormActions";
import { SaveButton } from "~/dashboard/SaveButton";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { ANNOUNCEMENT_PLACE, SHOWN_ON } from "~/domain/messages/site";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import type { load } from "./announce.server";

export function AnnouncementTab({ data: announcement, result }: TabProps<Loaded<typeof load>>) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  const { watch } = useUnsavedChanges();
  return (
    <section aria-labelledby="announce-title">
      <Heading id="announce-title">Announcement</Heading>
      <PlaceNote label={SHOWN_ON} {...ANNOUNCEMENT_PLACE} history="/history/journal-settings/profile" />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        The journal's call for papers. Its deadline and the issue it is for are set in{" "}
        <Link to="/dashboard?tab=journal" className="font-semibold text-navy-700 underline dark:text-gold-300">
          Journal settings
        </Link>
        .
      </p>
      <Form ref={watch} method="post" action="/dashboard?tab=announce" className="mt-6 space-y-5">
        <Field name="title" label="Title" defaultValue={announcement.title} aria-required="true" />
        <RichTextEditor
          name="content"
          label="Content"
          defaultValue={announcement.content}
          onUploadingChange={setUploading}
        />
        <FormActions>
          <Notice result={result} />
          <SaveButton intent="save-announcement" label="Submit" busyLabel="Submitting..." disabled={uploading} />
        </FormActions>
      </Form>
    </section>
  );
}
