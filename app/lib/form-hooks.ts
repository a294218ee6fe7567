import { useState } from "react";
import type { z } from "zod";

import { checkForm } from "./forms/check";
import { firstMessage } from "./forms/errors";

/**
 * Uploads in flight on a form: `uploading` stays true until every upload control and editor
 * that reported one has finished. Pass `onUploadingChange` to each of them.
 */
export function useUploadsInFlight() {
  const [count, setCount] = useState(0);
  const onUploadingChange = (uploading: boolean) => setCount((n) => Math.max(0, n + (uploading ? 1 : -1)));
  return { uploading: count > 0, onUploadingChange };
}

const NONE_FIXED: ReadonlySet<string> = new Set();

/**
 * The form's schema, checked in the browser on submit (checkForm): obvious mistakes are told next
 * to their fields without a round trip. `errors` is null until a check fails; `message` is its first
 * problem, for a form that shows one message. Give the form `onInput` too: a field's message goes
 * as soon as the schema accepts what the person has made of it (`unlessFixed` does the same to the
 * server's messages for the form last sent).
 */
export function useSchemaCheck(schema: z.ZodType) {
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [fixed, setFixed] = useState(NONE_FIXED);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setFixed(NONE_FIXED);
    const found = checkForm(schema, event.currentTarget);
    if (found) event.preventDefault();
    setErrors(found);
  };
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (!name) return;
    const wrong = name in (checkForm(schema, event.currentTarget) ?? {});
    if (wrong === !fixed.has(name)) return;
    const next = new Set(fixed);
    if (wrong) next.delete(name);
    else next.add(name);
    setFixed(next);
  };
  const unlessFixed = (all: Record<string, string> | null | undefined) =>
    all && Object.fromEntries(Object.entries(all).filter(([field]) => !fixed.has(field)));
  const shown = unlessFixed(errors);
  return { errors: shown, message: (shown && firstMessage(shown)) ?? null, onSubmit, onInput, unlessFixed };
}

/**
 * For a route's clientAction: a request that never reached the server keeps the form and says
 * `message`. `onSaved` runs when the server took the form (it answered with a redirect, or without
 * errors).
 */
export async function keepFormOnNetworkFailure<T>(
  serverAction: () => Promise<T>,
  message: string,
  onSaved?: () => void,
) {
  try {
    const result = await serverAction();
    const errors = (result as { errors?: unknown } | null)?.errors;
    if (!errors || (typeof errors === "object" && !Object.keys(errors).length)) onSaved?.();
    return result;
  } catch (error) {
    if (error instanceof Response) {
      if (error.status >= 300 && error.status < 400) onSaved?.();
      throw error;
    }
    return { errors: { form: message } as Record<string, string>, values: null, networkFailure: true as const };
  }
}

/**
 * For a route's shouldRevalidate: after a submission that never reached the server, the page's
 * data is not asked for again, which would fail the same way and put the error page in the
 * form's place.
 */
export function failedOnNetwork(actionResult: unknown): boolean {
  return (actionResult as { networkFailure?: unknown } | null | undefined)?.networkFailure === true;
}
