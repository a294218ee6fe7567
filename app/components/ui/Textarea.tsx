import { useId } from "react";

import { FieldError } from "~/components/forms/FieldError";

import { CONTROL_CLASSES, LABEL_CLASSES } from "./Select";

type TextareaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  /** Classes of the wrapper. */
  className?: string;
  /** Extra classes of the text box itself. */
  boxClassName?: string;
};

/** A labelled multi-line text box, with its error under it, like Field. */
export function Textarea({ label, error, className, boxClassName = "", id, ...textarea }: TextareaProps) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={boxId} className={LABEL_CLASSES}>
        {label}
      </label>
      <textarea
        id={boxId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${boxId}-error` : undefined}
        className={`${CONTROL_CLASSES} ${boxClassName}`.trim()}
        {...textarea}
      />
      <FieldError id={`${boxId}-error`} message={error} />
    </div>
  );
}
