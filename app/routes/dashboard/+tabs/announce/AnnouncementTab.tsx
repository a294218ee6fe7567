import { Form } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { PlaceNote } from "~/components/ui/PlaceNote";
import { ANNOUNCEMENT_PLACE, SHOWN_ON } from "~/domain/messages/site";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import { FormActions } from "../../+shared/FormActions";
import { SaveButton } from "../../+shared/SaveButton";
import type { Loaded, TabProps } from "../../tab";
import type { load } from "./announce.server";

export function AnnouncementTab({ data: announcement, result }: TabProps<Loaded<typeof load>>) {
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  const { watch } = useUnsavedChanges();
  return (
    <section aria-labelledby="announce-title">
      <Heading id="announce-title">Announcement</Heading>
      <PlaceNote label={SHOWN_ON} {...ANNOUNCEMENT_PLACE} history="/history/announcement/announcement" />
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
