import { useState } from "react";

import { Field, type FieldProps } from "./Field";

/** What a controlled text field needs from its form's state. */
export type BoundField = {
  name: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
};

/**
 * A form's controlled text fields: `bind(name)` gives a field its name, value and change handler.
 * Typed text is trimmed as it is typed, except in the fields named in `untrimmed`.
 */
export function useFieldValues<V extends Record<string, string>>(initial: V, untrimmed: (keyof V)[] = []) {
  const [values, setValues] = useState(initial);
  const bind = (name: keyof V & string): BoundField => ({
    name,
    value: values[name],
    onChange: (event) => {
      const typed = event.target.value;
      // From the latest values: several fields can change before the next render (typed before hydration).
      setValues((latest) => ({ ...latest, [name]: untrimmed.includes(name) ? typed : typed.trim() }));
    },
  });
  return { values, bind };
}

type AccountField = "username" | "email" | "password";

/** How each account field is asked for; a page adds its own placeholder and hint. */
const ACCOUNT_FIELDS = [
  { name: "username", label: "Username", autoComplete: "username" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
] as const;

/** The username, email and new password of an account: on sign-up, on set-up and in the profile. */
export function AccountFields({
  bind,
  texts = {},
  errors = {},
}: {
  bind: (name: AccountField) => BoundField;
  texts?: Partial<Record<AccountField, { placeholder?: string; hint?: string }>>;
  /** Each field's problem, shown under it (a page that reports them all at once). */
  errors?: Partial<Record<string, string>>;
}) {
  return (
    <>
      {ACCOUNT_FIELDS.map(({ name, ...field }) => (
        <Field key={name} {...field} {...texts[name]} error={errors[name]} {...bind(name)} />
      ))}
    </>
  );
}

/**
 * A new password and its confirmation: on a reset link, an invitation and /setup. `labels` gives
 * the page's words ("New password"), `errors` each field's problem when the server found one.
 */
export function NewPasswordFields({
  bind,
  labels = { password: "Password", confirmPassword: "Confirm password" },
  errors = {},
}: {
  bind: (name: "password" | "confirmPassword") => BoundField;
  labels?: { password: string; confirmPassword: string };
  errors?: Partial<Record<"password" | "confirmPassword", string>>;
}) {
  return (
    <>
      <Field
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password}
        {...bind("password")}
      />
      <Field
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...bind("confirmPassword")}
      />
    </>
  );
}

/**
 * The code from an authenticator app (at sign-in, a backup code too): the `code` that the
 * two-factor forms send, marked as a one-time code for the browser and the phone's keyboard.
 */
export function CodeField(props: Omit<FieldProps, "name" | "autoComplete" | "required" | "placeholder">) {
  return <Field name="code" autoComplete="one-time-code" required placeholder="123456" {...props} />;
}
