import { FILL_ALL_FIELDS } from "~/domain/messages/forms";
import { USERNAME_PATTERN } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

import { ENTER_CODE } from "./two-factor";

/**
 * The account forms' zod schemas and their words, shared by the browser (useSchemaCheck), the
 * server's form edge, the JSON API's bodies and `npm run create-admin`.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const USERNAME_RULE = "Username must be 3 to 30 letters, digits, dots, dashes or underscores";
export const EMAIL_RULE = "Enter a valid email address";
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DIFFER = "The two passwords do not match.";
export const CURRENT_PASSWORD_WRONG = "The current password is incorrect.";
export const PROFILE_UPDATED = "Profile Updated Successfully"; // SPEC.md
export const NO_CHANGES = "No changes made";
export const PHOTO_STILL_UPLOADING = "Please Wait for image to upload"; // SPEC.md

const username = z.string().trim().regex(USERNAME_PATTERN, USERNAME_RULE);
const email = z.string().trim().max(254, EMAIL_RULE).email(EMAIL_RULE);
const password = z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(128, "Password is too long");

/** The sign-up form (shared by the browser and the server). */
export const signUpSchema = z.object({ username, email, password });

/** The sign-in form: the username field also accepts an e-mail address. */
export const signInSchema = z.object({ username: z.string().trim().min(1), password: z.string().min(1) });

/** The profile form: only changed fields are sent; a new email or password needs the current password. */
export const profileSchema = z.object({
  username: username.optional(),
  email: email.optional(),
  password: password.optional(),
  currentPassword: z.string().max(128, CURRENT_PASSWORD_WRONG).optional(),
  /** A photo the user uploaded to /uploads (checked against the media table by the service). */
  image: z
    .string()
    .regex(/^\/uploads\/[\w./-]+$/, "Choose a photo again: that one was not uploaded here")
    .optional(),
});

/** /forgot-password: an e-mail address or a username. */
export const forgotPasswordSchema = z.object({
  identifier: z.string().trim().min(1, FILL_ALL_FIELDS).max(254, "Enter your email address or username"),
});

/** /reset-password: the new password twice, and the link's token. */
export const resetPasswordSchema = z
  .object({ token: z.string().min(1).max(200), password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

/** /invitation/{token}: the invited colleague's username and a password, twice (the address is the invitation's). */
export const invitationSchema = z
  .object({ username, password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

/** The first-admin form on /setup and `npm run create-admin`. */
export const adminSchema = signUpSchema;

/**
 * A page's form: every field in `required` filled (SPEC.md's one message for any empty one, at
 * that field) before the form's own rules are asked; `trim`: each value trimmed first, as the
 * account pages have always read them.
 */
function filledFirst<Rules extends z.ZodType>(required: readonly string[], rules: Rules, trim = true) {
  return z
    .record(z.string(), z.string())
    .transform((values) => (trim ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) : values))
    .superRefine((values, context) => {
      for (const field of required) {
        if (!values[field]?.trim()) context.addIssue({ code: "custom", message: FILL_ALL_FIELDS, path: [field] });
      }
    })
    .pipe(rules as unknown as z.ZodType<z.output<Rules>, Record<string, string>>);
}

export const SIGN_UP_FIELDS = ["username", "email", "password"] as const;

/** /signin: the username field also takes an e-mail address. */
export const signInForm = filledFirst(
  ["username", "password"],
  z.object({ username: z.string(), password: z.string(), redirectTo: z.string().optional() }),
);
/** /signup. */
export const signUpForm = filledFirst(SIGN_UP_FIELDS, signUpSchema);
/** /setup: the first admin. */
export const setupForm = filledFirst(SIGN_UP_FIELDS, adminSchema);
/** /reset-password: both fields filled, then the password's rules and the match. */
export const resetPasswordForm = filledFirst(["password", "confirmPassword"], resetPasswordSchema, false);

/** /invitation/{token}: every field filled, then the rules and the match. */
export const invitationForm = filledFirst(["username", "password", "confirmPassword"], invitationSchema, false);

/** /signin/two-factor: the code from the app, or a backup code. */
export const secondStepForm = z.object({
  code: z.string().trim().min(1, ENTER_CODE),
  trustDevice: z.string().optional(),
  redirectTo: z.string().optional(),
});

export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input";
}
