import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import sharp from "sharp";

import { type Database, rowsOf } from "~/db/client.server";
import { renderPdf } from "~/demo/pdf.server";
import { storedKeysOf } from "~/services/media.server";

import {
  type AdminRequest,
  adminRequestInit,
  adminRequests,
  createdRecord,
  createWrites,
  newWriteLedger,
  recordRename,
  saveHeading,
  weightedWrites,
} from "./admin-requests";

/**
 * An admin at work through the JSON API (uploads, posts, journal articles with their PDFs, settings),
 * and the ledger of what the site acknowledged. A write answered 2xx is acknowledged and must be
 * found afterwards; a write whose answer never came (the server was killed) may or may not have
 * happened, and either way must have left whole records only. Any other answer is an error.
 */

/** Settings sections made of a title and a subtitle, and the public page that shows each. */
export const SETTINGS_PAGES = {
  blog: "/posts",
  calltoaction: "/about",
  howtoapplyone: "/",
  howtoapplytwo: "/",
  howtoapplythree: "/",
} as const;
export type SimpleSection = keyof typeof SETTINGS_PAGES;
export const SIMPLE_SECTIONS = Object.keys(SETTINGS_PAGES) as SimpleSection[];

/** `deleting`: a delete was sent (a page may answer 404 from then on). */
type PostEntry = {
  id: string;
  slug: string;
  title: string;
  image: string;
  deleting: boolean;
  renaming: boolean;
  deleted: boolean;
  unsureTitles: string[];
  unsureDelete: boolean;
};
type JournalEntry = {
  id: string;
  slug: string;
  filename: string;
  file: string;
  deleting: boolean;
  deleted: boolean;
  unsureDelete: boolean;
};
/** A new record's deletion state: none sent. */
const NOT_DELETED = { deleting: false, deleted: false, unsureDelete: false };

export type Ledger = ReturnType<typeof newLedger>;

export function newLedger() {
  return {
    ...newWriteLedger<PostEntry, JournalEntry, SimpleSection>(),
    acknowledged: 0,
    /** Requests whose answer never came. */
    lost: 0,
    errors: [] as string[],
  };
}

export async function testAssets() {
  const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 40, g: 80, b: 120 } } })
    .png()
    .toBuffer();
  const pdf = renderPdf(
    [{ text: "A reliability article", style: "title" }, { text: "Written while the server was under test." }],
    { title: "Reliability", author: "Tests" },
  );
  return { image, pdf };
}

const tag = () => randomBytes(4).toString("hex");

/**
 * One admin writing in a loop. Each writer changes only its own posts, articles and settings section
 * (if it has one), so that what it was told is the last word on them.
 */
export function adminWriter(options: {
  site: string;
  cookie: string;
  userId: string;
  section?: SimpleSection;
  ledger: Ledger;
  assets: { image: Buffer; pdf: Buffer };
}) {
  const { site, cookie, userId, section, ledger, assets } = options;
  const mine = { posts: [] as PostEntry[], journals: [] as JournalEntry[] };

  /** The answer, or "lost" when none came. Error answers are recorded. */
  async function send(request: AdminRequest) {
    const { method, path: pathname } = request;
    const { headers, body } = adminRequestInit(request, cookie);
    let response: Response;
    try {
      response = await fetch(`${site}${pathname}`, {
        method,
        headers,
        body: typeof body === "string" || body === undefined ? body : new Uint8Array(body),
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      ledger.lost++;
      return "lost" as const;
    }
    let json: Record<string, unknown> = {};
    try {
      json = (await response.json()) as Record<string, unknown>;
    } catch {
      // An answer cut off mid-body counts as not received.
      if (response.ok) {
        ledger.lost++;
        return "lost" as const;
      }
    }
    if (!response.ok) {
      ledger.errors.push(`${method} ${pathname}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
      return "error" as const;
    }
    ledger.acknowledged++;
    return json;
  }

  async function upload(kind: "image" | "pdf", journalId?: string) {
    const reply = await send(adminRequests.upload(kind, assets));
    if (typeof reply === "string") return undefined;
    const url = reply.url as string;
    ledger.uploads.set(url, { journalId });
    return url;
  }

  /** Deletes one of this writer's posts or articles; an answer lost leaves it unsure. */
  async function remove(entries: (PostEntry | JournalEntry)[], request: (id: string) => AdminRequest) {
    const entry = pick(entries.filter((e) => !e.deleted && !e.unsureDelete));
    if (!entry) return;
    entry.deleting = true;
    const reply = await send(request(entry.id));
    if (reply === "lost") entry.unsureDelete = true;
    else if (reply !== "error") entry.deleted = true;
  }

  /** Uploads a file, then creates the post or article that uses it; undefined when either was not acknowledged. */
  async function createWith(kind: "image" | "pdf", record: "post" | "journal", request: (url: string) => AdminRequest) {
    const url = await upload(kind);
    if (!url) return undefined;
    const reply = await send(request(url));
    if (typeof reply === "string") return undefined;
    return { record: createdRecord(reply, record), url };
  }

  const operations = {
    ...createWrites({
      label: "Reliability",
      tag,
      createWith,
      ledger,
      mine,
      newPost: (created) => ({ ...created, renaming: false, ...NOT_DELETED }),
      newJournal: (created) => ({ ...created, ...NOT_DELETED }),
    }),
    async updatePost() {
      const post = pick(mine.posts.filter((p) => !p.deleted && !p.unsureDelete));
      if (!post) return this.createPost();
      const title = `Reliability post ${tag()} (edited)`;
      // A new title is a new address: between the save and its answer, the old one may be gone.
      post.renaming = true;
      const reply = await send(adminRequests.updatePost(post, userId, title));
      if (reply !== "lost") post.renaming = false;
      recordRename(post, title, reply);
    },
    deletePost: () => remove(mine.posts, (id) => adminRequests.deletePost(id, userId)),
    deleteJournal: () => remove(mine.journals, (id) => adminRequests.deleteJournal(id, userId)),
    async saveSettings() {
      if (!section) return this.createPost();
      await saveHeading(ledger.settings, section, `Heading ${tag()}`, send);
    },
  };

  const weighted = weightedWrites();

  return {
    /** Writes until `until()` says stop (or an answer is lost: the server is gone). */
    async run(until: () => boolean) {
      while (!until()) {
        const lostBefore = ledger.lost;
        await operations[pick(weighted)!]();
        if (ledger.lost > lostBefore) return;
      }
    },
  };
}

function pick<T>(items: T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}

/**
 * Whether a record the ledger holds is where its acknowledged writes put it: a delete moves it to the
 * trash (decision 020), so a deleted one must not be live any more, and any other must be live.
 */
function presenceProblems(
  kind: string,
  entry: { id: string; deleted: boolean; unsureDelete: boolean },
  name: string,
  row: { trashed: boolean } | undefined,
) {
  const problems: string[] = [];
  if (entry.deleted && row && !row.trashed)
    problems.push(`${kind} ${entry.id} was deleted (acknowledged) but is still there`);
  if (!entry.deleted && !entry.unsureDelete && (!row || row.trashed))
    problems.push(`${kind} ${entry.id} "${name}" was acknowledged but is missing`);
  return problems;
}

/** What the database must hold after the ledger's writes, and that every record in it is whole. */
export async function checkDatabase(db: Database, ledger: Ledger, uploadsDir: string) {
  const problems: string[] = [];
  const query = async <T>(text: string) => rowsOf<T>(await db.execute(sql.raw(text)));
  /** The rows of a query by the column named `key`. */
  const rowsBy = async <T>(key: keyof T, text: string) => new Map((await query<T>(text)).map((r) => [r[key], r]));
  const posts = await rowsBy<{ id: string; title: string; image: string; trashed: boolean }>(
    "id",
    "select id, title, image, deleted_at is not null as trashed from posts",
  );
  const journals = await rowsBy<{ id: string; filename: string; file: string; trashed: boolean }>(
    "id",
    "select id, title as filename, pdf as file, deleted_at is not null as trashed from articles",
  );
  const media = await rowsBy<{ storage_key: string; kind: string; size_bytes: number | string }>(
    "storage_key",
    "select storage_key, kind, size_bytes from media",
  );

  for (const entry of ledger.posts.values()) {
    const row = posts.get(entry.id);
    problems.push(...presenceProblems("post", entry, entry.title, row));
    if (row && ![entry.title, ...entry.unsureTitles].includes(row.title))
      problems.push(`post ${entry.id} has title "${row.title}", acknowledged "${entry.title}"`);
    if (row && row.image !== entry.image)
      problems.push(`post ${entry.id} has image ${row.image}, acknowledged ${entry.image}`);
  }
  for (const entry of ledger.journals.values()) {
    const row = journals.get(entry.id);
    problems.push(...presenceProblems("journal", entry, entry.filename, row));
    if (row && (row.filename !== entry.filename || row.file !== entry.file))
      problems.push(`journal ${entry.id} differs from what was acknowledged`);
  }
  for (const [url, { journalId }] of ledger.uploads) {
    const withdrawnWith = journalId ? ledger.journals.get(journalId) : undefined;
    if (withdrawnWith && (withdrawnWith.deleted || withdrawnWith.unsureDelete)) continue;
    if (!media.has(url.slice("/uploads/".length)))
      problems.push(`upload ${url} was acknowledged but has no media record`);
  }
  for (const [section, entry] of ledger.settings) {
    const [row] = await query<{ title: string | null }>(
      `select fields->>'title' as title from site_settings where section = '${section}'`,
    );
    const allowed = [entry.acked, ...entry.unsure].filter(Boolean);
    if (entry.acked && !allowed.includes(row?.title ?? ""))
      problems.push(`settings ${section} title is "${row?.title}", acknowledged "${entry.acked}"`);
  }

  // Whole records: every post image and article PDF is a recorded upload of that kind, and every
  // recorded upload has all its files, complete.
  for (const row of posts.values()) {
    if (row.image && media.get(row.image.slice("/uploads/".length))?.kind !== "image")
      problems.push(`post ${row.id} points at ${row.image}, which is not a recorded image`);
  }
  for (const row of journals.values()) {
    if (media.get(row.file.slice("/uploads/".length))?.kind !== "pdf")
      problems.push(`journal ${row.id} points at ${row.file}, which is not a recorded PDF`);
  }
  const referenced = new Set<string>();
  for (const row of media.values()) {
    for (const key of storedKeysOf(row.storage_key)) {
      referenced.add(key);
      const file = path.join(uploadsDir, key);
      if (!fs.existsSync(file)) {
        problems.push(`media ${row.storage_key}: file ${key} is missing`);
        continue;
      }
      if (key === row.storage_key && fs.statSync(file).size !== Number(row.size_bytes))
        problems.push(`media ${key}: size differs from its record`);
      if (row.kind === "pdf" && !fs.readFileSync(file).subarray(-2048).toString("latin1").includes("%%EOF"))
        problems.push(`media ${key}: the PDF is incomplete`);
    }
  }
  // No orphans: every file in the uploads folder belongs to a record.
  const orphans = filesUnder(uploadsDir).filter((key) => !referenced.has(key));
  for (const key of orphans) problems.push(`orphaned file ${key}`);
  return { problems, rows: { posts: posts.size, journals: journals.size, media: media.size } };
}

/** Files under a folder, as keys with forward slashes. */
export function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** Fetches `pathname` and says what is wrong with it, if anything. */
async function pageProblem(
  site: string,
  pathname: string,
  expected: string,
  cookie?: string,
): Promise<string | undefined> {
  const response = await fetch(`${site}${pathname}`, { headers: cookie ? { cookie } : {} });
  const body = await response.text();
  if (response.status !== 200) return `${pathname}: ${response.status}`;
  if (!body.includes(expected)) return `${pathname} does not show "${expected}"`;
  return undefined;
}

/**
 * The acknowledged writes as visitors see them: each post and article on its page (with its image
 * or PDF served), each settings title on its page. Only entries whose state is certain are checked.
 */
export async function checkPages(
  site: string,
  ledger: Ledger,
  options: { only?: (id: string) => boolean; cookie?: string } = {},
) {
  const problems: string[] = [];
  let checked = 0;
  const check = async (pathname: string, expected: string) => {
    checked++;
    const problem = await pageProblem(site, pathname, expected, options.cookie);
    if (problem) problems.push(problem);
  };
  for (const post of ledger.posts.values()) {
    if (post.deleted || post.unsureDelete || post.unsureTitles.length || (options.only && !options.only(post.id)))
      continue;
    await check(`/post/${post.slug}`, post.title);
    await check(post.image, "");
  }
  for (const journal of ledger.journals.values()) {
    if (journal.deleted || journal.unsureDelete || (options.only && !options.only(journal.id))) continue;
    await check(`/journal/${journal.slug}`, journal.filename);
    await check(`/journal/${journal.slug}/pdf`, "%PDF-");
  }
  for (const [section, entry] of ledger.settings) {
    if (entry.acked && entry.unsure.length === 0) await check(SETTINGS_PAGES[section], entry.acked);
  }
  return { problems, checked };
}
