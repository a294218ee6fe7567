import { SECTION_LABELS, STAFF_ROLE_LABELS } from "~/domain/record-names";
import { FOCUS_LABELS } from "~/domain/vocabulary";

/**
 * The activity log's entries as plain sentences (issue 33): "chief_editor published the post
 * 'Fees for 2026'", not `posts.create-post` and an id. Client-safe and pure: the Activity tab's
 * server half gives it the names of the accounts and records the entries point at.
 */

/** What a sentence is made from: an entry as the log keeps it. */
export type EntryFacts = {
  action: string;
  actorId: string | null;
  actorName: string | null;
  targetKind: string | null;
  targetId: string | null;
  targetLabel: string | null;
  outcome: string;
  details: unknown;
};

/** The names of what entries point at, by `kind:id` (kinds "user", "post", "journal"). */
export type KnownNames = Record<string, string>;

/** What a record is called, by the words the log's actions and targets use for it. */
const NOUNS: Record<string, string> = {
  post: "post",
  posts: "post",
  journal: "article",
  journals: "article",
  article: "article",
  user: "account",
  users: "account",
  account: "account",
  accounts: "account",
  faculty: "faculty",
  department: "department",
  course: "course",
  academics: "record",
  settings: "site settings section",
  section: "site settings section",
  about: "site settings section",
  "site-content": "site content",
  staff: "directory entry",
  role: "directory entry",
  announcement: "announcement",
  announce: "announcement",
  focus: "focus page",
  key: "focus page",
  file: "file",
  media: "file",
  issue: "issue",
  issues: "issue",
  category: "category",
  categories: "category",
  thing: "issue",
  item: "item",
  image: "image",
  pdf: "PDF",
  avatar: "profile photo",
};

/** Stored keys shown by their names (the settings sections, directory roles and focus pages). */
const KEY_LABELS: Record<string, Record<string, string>> = {
  "site settings section": SECTION_LABELS,
  "directory entry": STAFF_ROLE_LABELS,
  "focus page": FOCUS_LABELS,
};

const PAST: Record<string, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  save: "changed",
  publish: "published",
  restore: "restored",
  upload: "uploaded",
  describe: "described",
  purge: "permanently deleted",
  move: "moved",
};

/** Whole actions (the part after the group's dot, for the dashboard and the JSON API alike). */
const OWN_WORDS: Record<string, string> = {
  "update-profile": "updated their profile",
  updateUser: "updated an account",
  "delete-account": "deleted their own account",
  "resend-confirmation": "asked for another address confirmation",
  "cancel-email-change": "cancelled a change of e-mail address",
  "two-factor-start": "began turning on two-step sign-in",
  "two-factor-confirm": "turned on two-step sign-in",
  "two-factor-backup-codes": "made new backup codes",
  "two-factor-disable": "turned off two-step sign-in",
  "end-session": "signed out one of their sessions",
  "end-other-sessions": "signed out their other sessions",
};

const quoted = (text: string) => `'${text}'`;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** A field of the form or body the entry kept (details.fields or details.body). */
function detail(details: unknown, name: string): unknown {
  if (typeof details !== "object" || details === null) return undefined;
  const { fields, body } = details as { fields?: Record<string, unknown>; body?: Record<string, unknown> };
  return fields?.[name] ?? body?.[name];
}

/** "the post 'Fees'", "the site settings section 'Hero (Home page)'", or "a post" when nothing names it. */
function thing(noun: string, entry: EntryFacts, names: KnownNames): string {
  const byKey = KEY_LABELS[noun];
  const label =
    entry.targetLabel && byKey?.[entry.targetLabel]
      ? byKey[entry.targetLabel]
      : (entry.targetLabel ??
        (entry.targetId ? names[`${nameKind(entry.targetKind)}:${entry.targetId}`] : undefined) ??
        (entry.targetId && byKey?.[entry.targetId] ? byKey[entry.targetId] : undefined));
  if (label) return `the ${noun} ${quoted(label)}`;
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

/** The kind under which the names of a target are known. */
function nameKind(kind: string | null): string {
  const noun = NOUNS[kind ?? ""];
  if (noun === "account") return "user";
  if (noun === "article") return "journal";
  return kind ?? "";
}

/** The words of an action's name: "delete-post" and "deletePost" are ["delete", "post"]. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter(Boolean);

/** An editor's save of a post or article, by the status it was saved with. */
function editorSave(verb: string, noun: string, entry: EntryFacts, names: KnownNames): string {
  const target = thing(noun, entry, names);
  const status = detail(entry.details, "status");
  if (verb === "autosave") return `began writing ${target}`;
  if (status === "draft") return verb === "create" ? `saved ${target} as a draft` : `updated ${target} (a draft)`;
  if (status === "scheduled") return `scheduled ${target}`;
  return verb === "create" ? `published ${target}` : `updated ${target}`;
}

/** What an action did, after the actor's name ("published the post 'X'"); for a refusal, what was tried. */
function predicate(group: string, name: string, entry: EntryFacts, names: KnownNames): string {
  if (OWN_WORDS[name]) return OWN_WORDS[name];
  const words = wordsOf(name);
  const [verb = "", ...rest] = words;
  const noun = NOUNS[rest.join("-")] ?? NOUNS[entry.targetKind ?? ""] ?? NOUNS[group] ?? (rest.join(" ") || "record");

  if (group === "journal" && name === "save-settings") return "changed the journal settings";
  if ((verb === "create" || verb === "update" || verb === "autosave") && (noun === "post" || noun === "article"))
    return editorSave(verb, noun, entry, names);
  if (verb === "bulk") {
    const ids = detail(entry.details, "ids");
    const count = Array.isArray(ids) ? ids.length : ids ? 1 : 0;
    const what = plural(count, NOUNS[rest[0]] ?? "item");
    const done = {
      publish: `published ${what}`,
      unpublish: `moved ${what} back to drafts`,
      trash: `moved ${what} to the trash`,
    };
    return done[String(detail(entry.details, "bulkAction")) as keyof typeof done] ?? `changed ${what} at once`;
  }
  if (name === "set-admin") {
    const made = detail(entry.details, "admin") === "true";
    return `${made ? "gave admin rights to" : "took admin rights from"} ${thing("account", entry, names)}`;
  }
  if (name === "invite") return `invited ${entry.targetLabel ?? "a colleague"}`;
  if (name === "resend-invitation") return `sent ${thing("invitation", entry, names)} again`;
  if (name === "revoke-invitation") return `withdrew ${thing("invitation", entry, names)}`;
  if (name === "set-sign-up")
    return detail(entry.details, "open") === "true" ? "opened sign-up to readers" : "closed sign-up to readers";
  if (name === "set-roles") return `changed the roles of ${thing("account", entry, names)}`;
  if (name === "send-reset-link") return `sent a password reset link for ${thing("account", entry, names)}`;
  if (name === "create-first-admin") return `created the first admin account`;
  if (group === "revisions") return `restored an earlier version of ${thing(NOUNS[rest[0]] ?? "record", entry, names)}`;
  if (group === "uploads") return `uploaded ${thing(NOUNS[rest[0]] ?? "file", entry, names)}`;
  if (name === "restore-item" || name === "purge-item") {
    const kind = NOUNS[String(detail(entry.details, "kind") ?? entry.targetKind ?? "")] ?? "item";
    const target = thing(
      kind,
      { ...entry, targetKind: String(detail(entry.details, "kind") ?? entry.targetKind) },
      names,
    );
    return verb === "restore" ? `restored ${target} from the trash` : `permanently deleted ${target}`;
  }
  const past = PAST[verb];
  if (!past) return `did '${words.join(" ")}'`;
  return `${past} ${thing(noun, entry, names)}`;
}

/** The verb phrases' base forms, for what was tried and refused ("tried to delete the post 'X'"). */
const BASE: [string, string][] = [
  ...Object.entries(PAST).map(([base, past]): [string, string] => [past, base]),
  ...([
    ["saved", "save"],
    ["began writing", "begin writing"],
    ["scheduled", "schedule"],
    ["gave", "give"],
    ["took", "take"],
    ["sent", "send"],
    ["invited", "invite"],
    ["withdrew", "withdraw"],
    ["opened", "open"],
    ["closed", "close"],
    ["moved", "move"],
    ["changed", "change"],
    ["turned", "turn"],
    ["made", "make"],
    ["signed", "sign"],
    ["asked", "ask"],
    ["cancelled", "cancel"],
  ] as [string, string][]),
].sort((a, b) => b[0].length - a[0].length);
function tried(done: string): string {
  for (const [past, base] of BASE)
    if (done.startsWith(`${past} `)) return `tried to ${base} ${done.slice(past.length + 1)}`;
  return `tried to do this: ${done}`;
}

/** The entry as one sentence, its actor named by username. */
export function activitySentence(entry: EntryFacts, names: KnownNames = {}): string {
  // Entries written from a page's data request took in its ".data" suffix: "post.datas.create-post.data"
  // is posts.create-post.
  const action = entry.action.replace(/\.datas\./, "s.").replace(/\.data$/, "");
  const dot = action.indexOf(".");
  const group = dot < 0 ? action : action.slice(0, dot);
  const name = dot < 0 ? "" : action.slice(dot + 1);
  const who = entry.actorName ?? (entry.actorId ? names[`user:${entry.actorId}`] : undefined);

  if (group === "sign-in") {
    const as = who ? ` as ${quoted(who)}` : "";
    if (name === "failed") return `A sign-in${as} failed.`;
    if (name === "external-failed") return `A sign-in with an outside account${as} failed.`;
    if (name === "second-factor-needed")
      return `${who ?? "Someone"} gave the right password and was asked for the second step.`;
    if (name === "second-factor")
      return entry.outcome === "ok"
        ? `${who ?? "Someone"} completed the second step of signing in.`
        : `${who ?? "Someone"} gave a wrong second-step code.`;
  }
  const done = predicate(group, name, entry, names);
  return `${who ?? "Someone"} ${entry.outcome === "ok" ? done : tried(done)}.`;
}

/** The ids whose names a page of entries needs, by kind (accounts, posts, articles). */
export function namesWanted(entries: EntryFacts[]): { user: string[]; post: string[]; journal: string[] } {
  const wanted = { user: new Set<string>(), post: new Set<string>(), journal: new Set<string>() };
  for (const entry of entries) {
    if (entry.actorId && !entry.actorName) wanted.user.add(entry.actorId);
    if (!entry.targetId || entry.targetLabel) continue;
    const kind = nameKind(entry.targetKind) as keyof typeof wanted;
    if (kind in wanted) for (const id of entry.targetId.split(",")) wanted[kind].add(id);
  }
  return { user: [...wanted.user], post: [...wanted.post], journal: [...wanted.journal] };
}

/** The log's groups of actions as the filter offers them. */
const GROUP_LABELS: Record<string, string> = {
  posts: "Posts",
  journals: "Articles",
  journal: "Journal settings",
  issues: "Issues",
  categories: "Categories",
  users: "Accounts",
  accounts: "Accounts",
  profile: "Own profile",
  about: "Site settings",
  "site-content": "Site content (API)",
  staff: "Directory",
  announce: "Announcement",
  focus: "Focus pages",
  course: "Courses",
  academics: "Faculties, departments and courses (API)",
  media: "Media",
  uploads: "Uploads",
  trash: "Trash",
  revisions: "Earlier versions",
  "sign-in": "Sign-ins",
};

/** A group ("posts") or one action of it ("posts.delete-post": "Posts: delete post"), as a choice reads. */
export function actionGroupLabel(action: string): string {
  const [group, name] = action.split(/\.(.*)/s);
  const label = GROUP_LABELS[group] ?? group.charAt(0).toUpperCase() + group.slice(1).replace(/-/g, " ");
  return name ? `${label}: ${wordsOf(name).join(" ")}` : label;
}
