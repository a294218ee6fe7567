import { useId } from "react";

import { FieldError } from "~/components/forms/FieldError";

export const CONTROL_CLASSES =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 dark:border-slate-600 dark:bg-navy-950";
const LABEL_CLASSES = "block text-sm font-semibold text-slate-800 dark:text-slate-200";

/** What ties a control to its label and its error. */
export type ControlIds = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A label, the control `children` draws with the given ids, and the control's error under it. */
export function LabelledControl({
  id,
  label,
  error,
  className,
  children,
}: {
  /** The control's id; one is made up when none is given. */
  id?: string;
  label: string;
  error?: string;
  /** Classes of the wrapper. */
  className?: string;
  children: (control: ControlIds) => React.ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={LABEL_CLASSES}>
        {label}
      </label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${controlId}-error` : undefined,
      })}
      <FieldError id={`${controlId}-error`} message={error} />
    </div>
  );
}
