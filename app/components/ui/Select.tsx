import { CONTROL_CLASSES, LabelledControl } from "./LabelledControl";

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  ref?: React.Ref<HTMLSelectElement>;
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice ("Select faculty"). */
  placeholder?: string;
  error?: string;
  /** Classes of the wrapper. */
  className?: string;
};

/** A pick list's choices: a first, empty one where `placeholder` is given, then each option. */
export function SelectOptions({ options, placeholder }: { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** A labelled pick list, with its error under it, like Field. */
export function Select({ label, options, placeholder, error, className, id, ...select }: SelectProps) {
  return (
    <LabelledControl id={id} label={label} error={error} className={className}>
      {(control) => (
        <select {...control} className={CONTROL_CLASSES} {...select}>
          <SelectOptions options={options} placeholder={placeholder} />
        </select>
      )}
    </LabelledControl>
  );
}
