import { Link } from "react-router";

/**
 * Shown on a public page that visitors cannot see as it is: to admins on a draft or a scheduled
 * item, and on a preview link.
 */
export function UnpublishedNotice({ message, editHref }: { message: string; editHref?: string }) {
  return (
    <div role="status" className="bg-gold-500 px-6 py-3 text-center text-sm font-semibold text-navy-950 print:hidden">
      {message}{" "}
      {editHref && (
        <Link to={editHref} className="underline">
          Edit
        </Link>
      )}
    </div>
  );
}
