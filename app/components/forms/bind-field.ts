/** The keys of a form's values that hold text (a checkbox's boolean is bound by hand). */
type TextKeys<Values> = { [K in keyof Values]: Values[K] extends string | undefined ? K : never }[keyof Values] &
  string;

/**
 * The props that tie a control to its form's state: its name, the value it is drawn with (a
 * refused form's, else the saved record's) and its error, so a field reads
 * `<Field {...bind("doi")} label="DOI" />` and cannot name one key in one place and another elsewhere.
 * `nameOf` gives a repeated row's fields their numbered names (`authors.0.given`).
 */
export function fieldBinder<Values extends object>(
  values: Values,
  errors: Readonly<Record<string, string>>,
  nameOf: (key: TextKeys<Values>) => string = (key) => key,
) {
  return (key: TextKeys<Values>) => {
    const name = nameOf(key);
    // TextKeys holds only keys whose values are text, or missing.
    return { name, defaultValue: (values[key] ?? "") as string, error: errors[name] };
  };
}
