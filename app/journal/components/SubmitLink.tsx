import { Link } from "react-router";

import type { SubmitLinkTarget } from "../submit-link";

const CLASSES = {
  /** A gold button, on a dark band (a page's hero, the call's box). */
  band: "inline-block rounded-md bg-gold-500 px-6 py-3 font-semibold text-navy-950 shadow-sm transition hover:bg-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
  /** A link in a page's text. */
  text: "inline-flex items-center gap-2 font-semibold text-navy-700 hover:underline dark:text-gold-300",
};

/** "Submit a manuscript": to /submit, or to the journal's portal (issue 34). */
export function SubmitLink({
  target,
  variant = "band",
  className = "",
}: {
  target: SubmitLinkTarget;
  variant?: keyof typeof CLASSES;
  className?: string;
}) {
  if (!target) return null;
  const classes = `${CLASSES[variant]} ${className}`.trim();
  return target.external ? (
    <a href={target.href} className={classes} rel="noopener noreferrer">
      {target.label}
    </a>
  ) : (
    <Link to={target.href} className={classes}>
      {target.label}
    </Link>
  );
}
