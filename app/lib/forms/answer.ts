/** A form's fields as text, by name. */
export type FormValues = Record<string, string>;

/**
 * What every HTML form's action answers (besides a redirect), and every form component reads
 * (app/web/form-action.server.ts makes it).
 */
export type FormAnswer = {
  ok: boolean;
  /** The form-level message: what was done, or the first problem. */
  message: string;
  /** Each problem by its field ("form" for one about the whole form). */
  errors: Record<string, string>;
  /** A refused form's fields as sent, so a page drawn anew (no scripts) shows what was typed. */
  values: FormValues | null;
};
