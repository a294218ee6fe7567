import { Link } from "react-router";

/**
 * Which public page the fields below change, with a link to it (in a new tab, so the form stays):
 * the editor's words beside the dashboard's own labels.
 */
export function PlaceNote({
  label,
  place,
  href,
  history,
}: {
  label: string;
  place: string;
  href: string;
  /** Where this content's earlier versions are listed (compare, restore). */
  history?: string;
}) {
  return (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="place-note">
      {label}{" "}
      <Link
        to={href}
        target="_blank"
        rel="noopener"
        className="font-semibold text-navy-700 underline underline-offset-2 dark:text-gold-300"
      >
        {place}
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
      {history && (
        <>
          {" · "}
          <Link to={history} className="font-semibold text-navy-700 underline underline-offset-2 dark:text-gold-300">
            History
          </Link>
        </>
      )}
    </p>
  );
}
