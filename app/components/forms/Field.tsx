import { useId } from "react";

type FieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> & { label: string; hint?: string };

/** A labelled text input. */
export function Field({ label, hint, className = "", ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-navy-600 focus:ring-2 focus:ring-navy-600/30 focus:outline-none dark:border-slate-600 dark:bg-navy-950 dark:text-white"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

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
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy}
      className="w-full rounded-md bg-navy-800 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-navy-700 disabled:cursor-not-allowed disabled:opacity-70 dark:bg-gold-500 dark:text-navy-950 dark:hover:bg-gold-400"
    >
      {busy ? busyLabel : children}
    </button>
  );
}
