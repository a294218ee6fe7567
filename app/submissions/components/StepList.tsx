import { Link } from "react-router";

import { STEP_LABELS, WIZARD_STEPS, type WizardStep } from "../forms";
import { WIZARD } from "../words";

/**
 * The wizard's steps, where the author is among them, and which are done: each a link, so any step
 * can be opened again (what the page being left holds is asked about first, once scripts run).
 */
export function StepList({
  base,
  current,
  done,
}: {
  /** The draft's address, without its step. */
  base: string;
  current: WizardStep;
  /** The steps nothing is missing from. */
  done: ReadonlySet<WizardStep>;
}) {
  return (
    <nav aria-label={WIZARD.stepsLabel}>
      <ol className="flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1">
        {WIZARD_STEPS.map((step, i) => {
          const here = step === current;
          return (
            <li key={step}>
              <Link
                to={`${base}/${step}`}
                aria-current={here ? "step" : undefined}
                className={`flex items-center gap-2 rounded-md px-3 py-2 ${
                  here
                    ? "bg-navy-800 font-semibold text-white dark:bg-gold-500 dark:text-navy-950"
                    : "text-navy-800 hover:bg-navy-50 dark:text-slate-200 dark:hover:bg-navy-800"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full border text-xs ${
                    here ? "border-current" : "border-slate-400 dark:border-slate-500"
                  }`}
                >
                  {done.has(step) && !here ? "✓" : i + 1}
                </span>
                <span>
                  {STEP_LABELS[step]}
                  {done.has(step) && !here && <span className="sr-only"> ({WIZARD.done})</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
