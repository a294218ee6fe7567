import { useId } from "react";

import { FieldError } from "~/components/forms/FieldError";

export type SelectOption = { value: string; label: string };

export const CONTROL_CLASSES =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 dark:border-slate-600 dark:bg-navy-950";
export const LABEL_CLASSES = "block text-sm font-semibold text-slate-800 dark:text-slate-200";

type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice ("Select faculty"). */
  placeholder?: string;
  error?: string;
  /** Classes of the wrapper. */
  className?: string;
};

/** A labelled pick list, with its error under it, like Field. */
export function Select({ label, options, placeholder, error, className, id, ...select }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={LABEL_CLASSES}>
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={CONTROL_CLASSES}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${selectId}-error`} message={error} />
    </div>
  );
}
