import { CONTROL_CLASSES, LabelledControl } from "./LabelledControl";

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
  return (
    <LabelledControl id={id} label={label} error={error} className={className}>
      {(control) => <textarea {...control} className={`${CONTROL_CLASSES} ${boxClassName}`.trim()} {...textarea} />}
    </LabelledControl>
  );
}
