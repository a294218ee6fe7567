import type { ReactNode } from "react";

import type { ActionResult } from "~/dashboard/tab";

/** The answer of one of this section's own forms; another section's answer is not shown here. */
export const answerOf = (result: ActionResult | undefined, intents: readonly string[]) =>
  result && intents.includes(result.intent) ? result : undefined;

/** A titled section of the profile tab below the account's own fields. */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-10 border-t border-slate-200 pt-8 dark:border-slate-700"
    >
      <h3 id={`${id}-title`} className="font-serif text-xl font-bold text-navy-900 dark:text-white">
        {title}
      </h3>
      {children}
    </section>
  );
}
