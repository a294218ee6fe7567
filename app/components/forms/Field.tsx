import { useId } from "react";

import { Button } from "~/components/ui/Button";

import { FieldError } from "./FieldError";

export type FieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> & {
  ref?: React.Ref<HTMLInputElement>;
  label: string;
  hint?: string;
  /** The field's own problem, told under it (the form's one message goes at the end of the form). */
  error?: string;
};

/** A labelled text input, with its hint and its error. */
export function Field({ label, hint, error, className = "", ...input }: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-navy-600 focus:ring-2 focus:ring-navy-600/30 focus:outline-none dark:border-slate-600 dark:bg-navy-950 dark:text-white"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A form's full-width submit button, which says it is busy while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel = "Loading....",
  children,
  disabled,
}: {
  busy: boolean;
  busyLabel?: string;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      size="block"
      disabled={busy || disabled}
      aria-busy={busy}
      className="shadow-sm transition disabled:cursor-not-allowed dark:hover:bg-gold-400"
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
