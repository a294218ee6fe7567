import { useMemo } from "react";

import { Alert } from "~/components/forms/Alert";
import { VIEW_SAVED } from "~/domain/messages/editorial";

/** What a list shows after an editor's save: what the item now is, and the way to its page. */
export type SavedNote = { message: string; href: string };

/** The confirmation of a save, with a "View" link to the item's page (issue 33). */
export function SavedNotice({ saved, className }: { saved: SavedNote; className?: string }) {
  // The same content while the note is the same: the banner stays dismissed once dismissed.
  const content = useMemo(
    () => (
      <>
        {saved.message}{" "}
        <a href={saved.href} className="font-semibold underline">
          {VIEW_SAVED}
        </a>
      </>
    ),
    [saved.message, saved.href],
  );
  return (
    <div className={className}>
      <Alert tone="success" token={saved.href}>
        {content}
      </Alert>
    </div>
  );
}
