import { useState } from "react";
import type { z } from "zod";

/**
 * Uploads in flight on a form: `uploading` stays true until every upload control and editor
 * that reported one has finished. Pass `onUploadingChange` to each of them.
 */
export function useUploadsInFlight() {
  const [count, setCount] = useState(0);
  const onUploadingChange = (uploading: boolean) => setCount((n) => Math.max(0, n + (uploading ? 1 : -1)));
  return { uploading: count > 0, onUploadingChange };
}

/**
 * The server's schema, checked in the browser on submit: obvious mistakes are told next to their
 * fields without a round trip. `errors` is null until a check fails.
 */
export function useSchemaCheck(schema: z.ZodType, toErrors: (error: z.ZodError) => Record<string, string>) {
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return setErrors(null);
    event.preventDefault();
    setErrors(toErrors(parsed.error));
  };
  return { errors, onSubmit };
}

/** For a route's clientAction: a request that never reached the server keeps the form and says `message`. */
export async function keepFormOnNetworkFailure<T>(serverAction: () => Promise<T>, message: string) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { errors: { form: message } as Record<string, string>, values: null };
  }
}
