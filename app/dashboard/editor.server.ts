import type { z } from "zod";

import type { SessionUser } from "~/accounts/accounts.server";
import { AUTOSAVE_ONLY_DRAFTS } from "~/domain/messages/editorial";
import type { FormAnswer } from "~/lib/forms/answer";
import { type EditorialForm, editorialSave } from "~/lib/forms/editorial";
import { formDetails, noteActivity } from "~/services/activity.server";
import type { EditorialInput } from "~/services/editorial.server";
import type { SaveOptions } from "~/services/editorial-records.server";
import { ConflictError } from "~/services/errors.server";
import { openAdminActivity } from "~/web/activity.server";
import { formAnswer, type FormSpec } from "~/web/form-action.server";

/**
 * The activity log's entry for an editor's page: `/update-post/{id}` is `posts.update-post` about
 * post {id} (a draft autosave already stored is the record otherwise), labelled by its title.
 */
function editorEntry(request: Request, form: FormData) {
  // A page's own data request ends in ".data" (/create-post.data): not part of the action's name.
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const [verb = "save", id] = path.split("/").filter(Boolean);
  const noun = verb.split("-").slice(1).join("-") || "item";
  const label = form.get("title");
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

/** An editor page's form edge (save or autosave), from its page's request, admin, fields and schema. */
type EditorFormOf<Extra extends object> = <Parsed>(
  request: Request,
  admin: SessionUser,
  empty: Record<string, string>,
  schema: z.ZodType<Parsed>,
) => FormSpec<Parsed, Extra>;

/**
 * The form edge of an admin's create or update page (/create-post, /update-journal/{id}...): the
 * form's fields are those `empty` names (a missing one takes its value there), checked by `schema`;
 * a refused form comes back with what was typed and each problem by its field (the form's own, for
 * a refusal without a field). The save is logged once, with the outcome its answer stands for
 * (decision 024).
 */
export const editorForm: EditorFormOf<object> = (request, admin, empty, schema) => ({
  where: "editor save",
  fields: empty,
  schema,
  activity: (form) => {
    const { action, target, details } = editorEntry(request, form);
    return openAdminActivity(request, admin, { action, target, details });
  },
});

type Saved = { id: string; version: number; slug: string };
type Owned<Input> = Input & { userId: string; slug?: string };

/** What the editors save through: the posts' service, or the journal articles'. */
export type EditorialStore<Input extends EditorialInput> = {
  create(input: Owned<Input>): Promise<Saved>;
  createOnce(id: string, input: Owned<Input>): Promise<Saved | undefined>;
  byId(id: string, audience: "admin"): Promise<{ status: string; version: number } | undefined>;
  update(id: string, input: Input, options: SaveOptions): Promise<Saved>;
};

/**
 * The editor's Save: the record as the form has it, with a revision. A new item's page has a key
 * (`draftId`): the first save with it, autosave or Submit, whichever reaches the server first,
 * creates the item under that id, and every later one updates that item (the primary key refuses a
 * second row). So an autosave still on its way when Submit is pressed, a double click or a retry
 * never makes a second item at a "-2" address. `title` makes the address of a draft saved so.
 */
export async function saveFromEditor<Input extends EditorialInput>(
  store: EditorialStore<Input>,
  record: Omit<Input, keyof EditorialInput>,
  form: EditorialForm,
  editor: { admin: SessionUser; recordId: string | undefined; title: string },
): Promise<Saved> {
  const { fields, options } = editorialSave(form, editor.admin.id);
  const input = { ...record, ...fields } as Input;
  if (editor.recordId) return store.update(editor.recordId, input, options);
  const owned = { ...input, userId: editor.admin.id, slug: options.slug };
  if (!form.draftId) return store.create(owned);
  return (
    (await store.createOnce(form.draftId, owned)) ??
    store.update(form.draftId, input, { ...options, slug: options.slug || editor.title })
  );
}

/**
 * The editors' autosave (`?autosave`): the form as it is, stored as a draft without a revision. A
 * new item becomes a draft under its page's key (its id comes back, so the next saves update it);
 * a saved item is updated only while it is a draft and still at the version the editor loaded.
 */
export async function autosaveDraft<Input extends EditorialInput>(
  store: EditorialStore<Input>,
  record: Omit<Input, keyof EditorialInput>,
  form: EditorialForm,
  editor: { admin: SessionUser; recordId: string | undefined },
): Promise<Saved & { created: boolean }> {
  const { options } = editorialSave(form, editor.admin.id);
  const input = { ...record, status: "draft", publishAt: null } as Input;
  const owned = { ...input, userId: editor.admin.id };
  const id = editor.recordId ?? (form.draftId || undefined);
  // A page from before keys were given.
  if (!id) return { ...(await store.create(owned)), created: true };
  const made = editor.recordId ? undefined : await store.createOnce(id, owned);
  if (made) return { ...made, created: true };
  const current = await store.byId(id, "admin");
  if (current?.status !== "draft") throw new ConflictError(AUTOSAVE_ONLY_DRAFTS);
  // At the version just read, when the form has none: a Submit that published it meanwhile is not
  // turned back into a draft.
  const version = options.version ?? current.version;
  const saved = await store.update(id, input, { version, editorId: editor.admin.id, keepRevision: false });
  return { ...saved, created: false };
}

/** What an editor's autosave answers: where the draft is now (when it was stored). */
type Autosaved = { id?: string; version?: number; savedAt?: string };
export type AutosaveAnswer = FormAnswer & Autosaved;

/**
 * The form edge of the editors' autosave (`?autosave`): the form as it is, stored as a draft
 * without a revision. An autosave is logged only when it stores a new draft (`autosaved` says
 * which): the later saves of a draft are the editor's own saves, and a log line every few seconds
 * says nothing.
 */
export const autosaveForm: EditorFormOf<Autosaved> = (request, admin, empty, schema) => ({
  where: "editor autosave",
  fields: empty,
  schema,
  // The page keeps what was typed: only the message and the fields' problems come back.
  echo: false,
  activity: (form) => {
    const { action, target, isNew } = editorEntry(request, form);
    return openAdminActivity(request, isNew ? admin : null, {
      action: action.replace(/\.[^.]*$/, ".autosave-draft"),
      target,
    });
  },
});

/** The answer of an autosave that stored the draft (`created`: this save made it). */
export function autosaved(saved: { id: string; version: number; created: boolean }) {
  // Whether the draft is new is known only now (the page's Submit may have made it first).
  noteActivity(saved.created ? { target: { id: saved.id } } : { actor: null });
  return formAnswer<Autosaved>(true, "", {
    extra: { id: saved.id, version: saved.version, savedAt: new Date().toISOString() },
  });
}
