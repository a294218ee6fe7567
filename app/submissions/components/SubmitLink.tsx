import { Link } from "react-router";

import type { SubmitLinkTarget } from "../addresses";
import { SUBMIT_LINK } from "../words";

const CLASSES =
  "inline-block rounded-md bg-gold-500 px-6 py-3 font-semibold text-navy-950 shadow-sm transition hover:bg-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** "Submit a manuscript", on a dark band: to /submit, or to the journal's portal (issue 34). */
export function SubmitLink({ target, className = "" }: { target: SubmitLinkTarget; className?: string }) {
  if (!target) return null;
  const classes = `${CLASSES} ${className}`.trim();
  return target.external ? (
    <a href={target.href} className={classes} rel="noopener noreferrer">
      {SUBMIT_LINK}
    </a>
  ) : (
    <Link to={target.href} className={classes}>
      {SUBMIT_LINK}
    </Link>
  );
}
