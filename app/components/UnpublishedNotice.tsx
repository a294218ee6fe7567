import { Link } from "react-router";

import { unpublishedNotice } from "~/domain/messages/editorial";

/** Shown to admins on the public page of a draft or a scheduled item: visitors cannot see it yet. */
export function UnpublishedNotice(props: { status: string; publishAt: Date | string | null; editHref: string }) {
  return (
    <div role="status" className="bg-gold-500 px-6 py-3 text-center text-sm font-semibold text-navy-950 print:hidden">
      {unpublishedNotice(props.status, props.publishAt ? new Date(props.publishAt) : null)}{" "}
      <Link to={props.editHref} className="underline">
        Edit
      </Link>
    </div>
  );
}
