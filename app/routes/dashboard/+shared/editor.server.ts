import { data, redirect } from "react-router";
import type { z } from "zod";

import { fieldErrors } from "~/lib/forms/errors";
import { readForm } from "~/lib/read-form.server";
import type { SessionUser } from "~/services/accounts.server";
import { formDetails, noteActivity } from "~/services/activity.server";
import { StaleVersionError } from "~/services/editorial.server";
import { ServiceError } from "~/services/errors.server";
import { adminActivity } from "~/web/activity.server";
import { requireAdmin } from "~/web/session.server";

/**
 * The activity log's entry for an editor's page: `/update-post/{id}` is `posts.update-post` about
 * post {id} (a draft autosave already stored is the record otherwise), labelled by its title.
 */
function editorEntry(request: Request, form: FormData) {
  const [verb = "save", id] = new URL(request.url).pathname.split("/").filter(Boolean);
  const noun = verb.split("-").slice(1).join("-") || "item";
  const label = form.get("title") ?? form.get("filename");
  return {
    action: `${noun}s.${verb}`,
    target: {
      kind: noun,
      id: id ?? (String(form.get("draftId") ?? "") || null),
      label: typeof label === "string" ? label : null,
    },
    details: { fields: formDetails(form) },
    created: !id && !form.get("draftId"),
  };
}

/**
 * The action of an admin's create or update page (/create-post, /update-journal/{id}...): the form's
 * fields are those `empty` names (a missing one takes its value there), checked by `schema`, then
 * saved by `save`, which answers where to go next. A refused form comes back with what was typed and
 * each problem by its field (the form's own, for a refusal without a field).
 */
export async function editorAction<Empty extends Record<string, string>, Parsed>(
  request: Request,
  empty: Empty,
  schema: z.ZodType<Parsed>,
  save: (parsed: Parsed, admin: SessionUser) => Promise<string>,
) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const { action, target, details } = editorEntry(request, form);
  // Logged once, with the outcome its answer stands for (decision 024).
  return adminActivity(request, admin, { action, target, details }, () => saveEditor(form, admin, empty, schema, save));
}

async function saveEditor<Empty extends Record<string, string>, Parsed>(
  form: FormData,
  admin: SessionUser,
  empty: Empty,
  schema: z.ZodType<Parsed>,
  save: (parsed: Parsed, admin: SessionUser) => Promise<string>,
) {
  const values = Object.fromEntries(
    Object.entries(empty).map(([name, missing]) => [name, String(form.get(name) ?? missing)]),
  ) as { [Name in keyof Empty]: string };
  const parsed = schema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  let next: string;
  try {
    next = await save(parsed.data, admin);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // Someone else saved meanwhile: the form now holds their version's number, so saving again
    // replaces theirs knowingly (the message says so), and nothing was overwritten silently.
    if (error instanceof StaleVersionError && "version" in values)
      (values as Record<string, string>).version = String(error.currentVersion);
    return data(
      { errors: { [error.field ?? "form"]: error.message } as Record<string, string>, values },
      { status: error.status },
    );
  }
  return redirect(next);
}

/** What an autosave answers: where the draft is now, or why it was not saved. */
export type AutosaveAnswer =
  | { autosaved: true; id: string; version: number; savedAt: string }
  | { autosaved: false; message: string; errors: Record<string, string> };

/**
 * The editors' autosave (`?autosave`): the form as it is, stored as a draft without a revision.
 * A new item becomes a draft (its id comes back, so the next saves update it); a saved item is
 * updated only while it is a draft and still at the version the editor loaded.
 */
export async function autosaveAction<Empty extends Record<string, string>, Parsed>(
  request: Request,
  empty: Empty,
  schema: z.ZodType<Parsed>,
  save: (parsed: Parsed, admin: SessionUser) => Promise<{ id: string; version: number }>,
) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  // An autosave is logged only when it stores a new draft: the later saves of a draft are the
  // editor's own saves (logged by editorAction), and a log line every few seconds says nothing.
  const { action, target, created } = editorEntry(request, form);
  return adminActivity(
    request,
    created ? admin : null,
    { action: action.replace(/\.[^.]*$/, ".autosave-draft"), target },
    () => autosave(form, admin, empty, schema, save),
  );
}

async function autosave<Empty extends Record<string, string>, Parsed>(
  form: FormData,
  admin: SessionUser,
  empty: Empty,
  schema: z.ZodType<Parsed>,
  save: (parsed: Parsed, admin: SessionUser) => Promise<{ id: string; version: number }>,
) {
  const values = Object.fromEntries(
    Object.entries(empty).map(([name, missing]) => [name, String(form.get(name) ?? missing)]),
  ) as { [Name in keyof Empty]: string };
  const refuse = (message: string, status: number, errors: Record<string, string> = { form: message }) =>
    data<AutosaveAnswer>({ autosaved: false, message, errors }, { status });
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return refuse(Object.values(errors)[0] ?? "Not saved", 400, errors);
  }
  try {
    const saved = await save(parsed.data, admin);
    noteActivity({ target: { id: saved.id } });
    return data<AutosaveAnswer>({ autosaved: true, ...saved, savedAt: new Date().toISOString() });
  } catch (error) {
    if (error instanceof ServiceError) return refuse(error.message, error.status);
    throw error;
  }
}
