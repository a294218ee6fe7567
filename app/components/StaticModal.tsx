import { useId } from "react";
import { Link } from "react-router";

import { CloseIcon } from "~/components/icons";

/**
 * A modal opened from the address, as the page is first painted: the same look as `Modal`, drawn
 * without the dialog library, its close controls links to `closeHref`. `LazyModal` shows it until
 * the dialog's code has arrived, so the dialog works in a page whose scripts have not run (or never
 * will: the server streams the lazy dialog in a hidden part that only a script reveals).
 */
export function StaticModal({
  title,
  description,
  closeHref,
  children,
}: {
  title: string;
  description?: string;
  closeHref: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <>
      <div className="fixed inset-0 z-40 bg-navy-950/70 backdrop-blur-sm" />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-7 shadow-2xl dark:bg-night-card dark:text-slate-100"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-navy-900 dark:text-white">
            {title}
          </h2>
          <Link
            to={closeHref}
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-white"
            aria-label="Close dialog"
          >
            <CloseIcon className="h-5 w-5" />
          </Link>
        </div>
        <p
          id={`${id}-description`}
          className={description ? "mt-1 text-sm text-slate-600 dark:text-slate-400" : "sr-only"}
        >
          {description || title}
        </p>
        <div className="mt-5">{children}</div>
        <div className="mt-7 flex justify-end">
          <Link
            to={closeHref}
            className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white dark:bg-gold-500 dark:text-navy-950"
          >
            Close
          </Link>
        </div>
      </div>
    </>
  );
}
