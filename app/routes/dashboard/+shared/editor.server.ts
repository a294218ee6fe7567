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
    /** A new item's page (its saves may create the item). */
    isNew: !id,
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

/**
 * The save of a new item's page under the key the page was given (`draftId`): the first save with
 * it, autosave or Submit, whichever reaches the server first, creates the item under that id, and
 * every later one updates that item (the primary key refuses a second row). So an autosave still on
 * its way when Submit is pressed, a double click or a retry never makes a second item at a "-2" address.
 */
export async function saveUnderKey<Row extends { id: string; version: number }>(
  create: () => Promise<Row | undefined>,
  update: () => Promise<Row>,
): Promise<Row & { created: boolean }> {
  const made = await create();
  return made ? { ...made, created: true } : { ...(await update()), created: false };
}

/** What an editor's autosave stored: where the draft is, and whether this save created it. */
type Autosaved = { id: string; version: number; created: boolean };

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
  save: (parsed: Parsed, admin: SessionUser) => Promise<Autosaved>,
) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  // An autosave is logged only when it stores a new draft (see autosave): the later saves of a draft
  // are the editor's own saves (logged by editorAction), and a log line every few seconds says nothing.
  const { action, target, isNew } = editorEntry(request, form);
  return adminActivity(
    request,
    isNew ? admin : null,
    { action: action.replace(/\.[^.]*$/, ".autosave-draft"), target },
    () => autosave(form, admin, empty, schema, save),
  );
}

async function autosave<Empty extends Record<string, string>, Parsed>(
  form: FormData,
  admin: SessionUser,
  empty: Empty,
  schema: z.ZodType<Parsed>,
  save: (parsed: Parsed, admin: SessionUser) => Promise<Autosaved>,
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
    // Whether the draft is new is known only now (the page's Submit may have made it first).
    noteActivity(saved.created ? { target: { id: saved.id } } : { actor: null });
    return data<AutosaveAnswer>({
      autosaved: true,
      id: saved.id,
      version: saved.version,
      savedAt: new Date().toISOString(),
    });
  } catch (error) {
    if (error instanceof ServiceError) return refuse(error.message, error.status);
    throw error;
  }
}
