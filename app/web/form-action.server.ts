import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

import { SOMETHING_WENT_WRONG } from "~/domain/messages/forms";
import type { FormAnswer, FormValues } from "~/lib/forms/answer";
import { fieldErrors, firstMessage } from "~/lib/forms/errors";
import { readForm } from "~/lib/read-form.server";
import { z } from "~/lib/zod";
import type { ActivityScope } from "~/services/activity.server";
import { ServiceError } from "~/services/errors.server";

/**
 * The one edge of the HTML forms (issue 32): every form's action reads its form here, parses it
 * with the form's schema, runs its work, and answers in one shape with the right status. A
 * refusal a person can act on (a ServiceError, a schema's problem) comes back next to its field
 * with what was typed; anything else is logged with its stack and answered in SPEC.md's words.
 */

export type { FormAnswer, FormValues };

export type FormReply<Extra extends object = object> = DataWithResponseInit<FormAnswer & Extra>;

/** How a form's failures are worded, where SPEC.md has words of its own. */
export type FormWords = {
  /** An unexpected failure, answered 500 (default: "Something went wrong. Please try again."). */
  failed?: string;
  /** A form the schema refused (default: its first problem). */
  invalid?: string;
  /** A refusal from a service (default: the service's own message). */
  refused?: (message: string) => string;
  /**
   * The database briefly unavailable (503) is the calm page every other screen shows, not an
   * answer in the form (the dashboard's choice; a page with typing to keep answers in the form).
   */
  unavailablePage?: boolean;
};

type AnswerInit<Extra> = {
  status?: number;
  headers?: HeadersInit;
  errors?: Record<string, string>;
  values?: FormValues | null;
  /** What a form needs besides (the dashboard's intent, a draft's id...). */
  extra?: Extra;
};

/** An answer in the one shape: 200 when it went through, 400 unless told otherwise when not. */
export function formAnswer<Extra extends object = object>(
  ok: boolean,
  message: string,
  init: AnswerInit<Extra> = {},
): FormReply<Extra> {
  const body = { ...init.extra, ok, message, errors: init.errors ?? {}, values: init.values ?? null };
  return data(body as FormAnswer & Extra, { status: init.status ?? (ok ? 200 : 400), headers: init.headers });
}

function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * What a form's work threw, as its answer:
 * - a zod failure: 400, each problem by its field, the first as the message;
 * - a ServiceError: its status, headers (Retry-After) and message, at its field;
 * - every thrown Response (sign-in redirects, 403s) passes through, and the 503 "unavailable"
 *   refusal too where the words ask for the calm page;
 * - anything else: logged with its stack (under `where`), 500 with the form's SPEC.md words.
 */
export function failedAnswer<Extra extends object = object>(
  error: unknown,
  where: string,
  { words = {}, values = null, extra }: { words?: FormWords; values?: FormValues | null; extra?: Extra } = {},
): FormReply<Extra> {
  if (error instanceof Response || isDataWithInit(error)) throw error;
  if (error instanceof z.ZodError) {
    const errors = fieldErrors(error);
    return formAnswer(false, words.invalid ?? firstMessage(errors) ?? "Invalid input", { errors, values, extra });
  }
  if (error instanceof ServiceError) {
    if (error.status === 503 && words.unavailablePage) throw data({ message: error.message }, { status: 503 });
    return formAnswer(false, (words.refused ?? ((message) => message))(error.message), {
      status: error.status,
      headers: error.headers,
      errors: { [error.field ?? "form"]: error.message },
      // The form's values as the refusal corrects them (the version someone else saved meanwhile).
      values: values && { ...values, ...error.corrected },
      extra,
    });
  }
  console.error(`${where}:`, error);
  const failed = words.failed ?? SOMETHING_WENT_WRONG;
  return formAnswer(false, failed, { status: 500, errors: { form: failed }, values, extra });
}

/** A refusal's words for a page that shows it (a mail's link followed), in the edge's terms. */
export function refusalMessage(error: unknown, where: string): string {
  return failedAnswer(error, where).data.message;
}

/** A form's fields as text: each name with the value a missing one is taken as, or names alone (""). */
export type FormFields = Readonly<Record<string, string>> | readonly string[];

export function valuesOf<Fields extends FormFields>(
  form: FormData,
  fields: Fields,
): Fields extends readonly string[] ? FormValues : { [Name in keyof Fields]: string } {
  const entries = Array.isArray(fields)
    ? fields.map((name: string) => [name, ""])
    : Object.entries(fields as Record<string, string>);
  return Object.fromEntries(entries.map(([name, missing]) => [name, String(form.get(name) ?? missing)])) as never;
}

export type FormSpec<Parsed, Extra extends object> = {
  /** Names the action in the server's log. */
  where: string;
  /** The fields the form sends (and those echoed back when it is refused). */
  fields?: FormFields;
  /** Fields never echoed back (passwords), or `false`: none is (the page keeps what was typed). */
  echo?: false | { except: readonly string[] };
  /** The form's zod schema, checked before the work runs. */
  schema?: z.ZodType<Parsed>;
  words?: FormWords;
  /** On every answer (the dashboard's intent). */
  extra?: Extra;
  /** What a refused form's answer needs besides (computed only then: the QR code shown again). */
  refusedExtra?: (form: FormData) => Promise<Partial<Extra>>;
  /** The activity log's entry of this operation, opened once the form is read (an admin's write). */
  activity?: ActivityScope | null | ((form: FormData) => ActivityScope | null);
};

/** What a form's work is given: the parsed input, the fields as sent, and the whole form. */
export type FormWork<Parsed> = { input: Parsed; values: FormValues; form: FormData };

type Answered<Extra extends object> = FormReply<Extra> | Response;

/** Reads the request's form (readForm: its size and field count are checked first) and answers it. */
export async function formAction<Parsed = FormValues, Extra extends object = object>(
  request: Request,
  spec: FormSpec<Parsed, Extra>,
  work: (args: FormWork<Parsed>) => Promise<Answered<Extra>>,
): Promise<Answered<Extra>> {
  return answerForm(await readForm(request), spec, work);
}

/**
 * Answers a form already read: parses its fields, runs `work` inside the activity entry when
 * there is one, translates what it threw, and records the entry with the answer's outcome.
 */
export async function answerForm<Parsed = FormValues, Extra extends object = object>(
  form: FormData,
  spec: FormSpec<Parsed, Extra>,
  work: (args: FormWork<Parsed>) => Promise<Answered<Extra>>,
): Promise<Answered<Extra>> {
  const values = spec.fields ? valuesOf(form, spec.fields) : {};
  const except = spec.echo ? spec.echo.except : [];
  const echo = Object.fromEntries(Object.entries(values).filter(([name]) => !except.includes(name)));
  const options = { words: spec.words, values: spec.fields && spec.echo !== false ? echo : null, extra: spec.extra };
  const activity = typeof spec.activity === "function" ? spec.activity(form) : spec.activity;
  // The entry's outcome is the answer's status, or what passed through (a redirect to sign in, a 503).
  const answer = async () => {
    try {
      const parsed = spec.schema ? spec.schema.safeParse(values) : { success: true as const, data: values as Parsed };
      if (!parsed.success) throw parsed.error;
      return await work({ input: parsed.data, values, form });
    } catch (error) {
      const more = spec.refusedExtra && !(error instanceof Response) ? await spec.refusedExtra(form) : {};
      return failedAnswer(error, spec.where, { ...options, extra: { ...options.extra, ...more } as Extra });
    }
  };
  return activity ? activity.run(answer) : answer();
}

/** A page's `headers`: a refused attempt's Retry-After goes out with the page that says when to try again. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}
