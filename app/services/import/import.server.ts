/**
 * Brings the earlier system's data into this site (`npm run import`, decision 028): every record
 * with its dates, old ids kept in `legacy_ids`, old slugs kept, passwords kept (bcrypt hashes, see
 * app/accounts/better-auth/library.server.ts), files downloaded into the media store and HTML
 * rewritten to them and sanitised.
 * Files are fetched first; then every record is written in one transaction, so a failed run leaves
 * the database as it was. A record imported before (by its old id) is skipped, so a second run
 * changes nothing; a dry run does the same work and rolls it back.
 */
import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import {
  accounts,
  articles,
  courses,
  departments,
  faculties,
  focusPages,
  journalProfile,
  legacyIds,
  media,
  posts,
  siteSettings,
  slugHistory,
  staff,
  users,
} from "~/db/schema";
import {
  FOCUS_KEYS,
  POST_CATEGORIES,
  SEMESTERS,
  SETTINGS_SECTIONS,
  type SettingsSection,
  STAFF_ROLES,
} from "~/domain/vocabulary";
import { USERNAME_PATTERN } from "~/domain/vocabulary";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { SETTINGS_FIELDS } from "~/lib/site-content";
import { isSlug, slugify } from "~/lib/text";

import { UPLOADS_URL_PREFIX } from "../media.server";
import {
  DEFAULT_FETCH_LIMITS,
  eachLimited,
  type FetchLimits,
  fetchMedia,
  type MediaPurpose,
} from "./media-fetch.server";
import type { PrivateHostsAllowed } from "./public-address.server";
import { type ExportSource, LEGACY_COLLECTIONS, type LegacyCollection, type LegacyDocument } from "./readers.server";

export type ImportProblem = { collection: LegacyCollection | "media"; record: string; message: string };

export type CollectionCount = { read: number; imported: number; alreadyImported: number; skipped: number };

export type ImportReport = {
  shape: ExportSource["shape"];
  dryRun: boolean;
  counts: Record<LegacyCollection, CollectionCount>;
  media: { downloaded: number; reused: number; failed: number; kept: number };
  problems: ImportProblem[];
};

/** Progress for a terminal: a stage with an amount of work (bytes or items), then its steps. */
export type ImportProgress = {
  stage(label: string, total?: number): void;
  advance(done: number): void;
  end(summary: string): void;
};

export type ImportOptions = {
  dryRun?: boolean;
  merge?: boolean;
  skipMedia?: boolean;
  fetchLimits?: Partial<FetchLimits>;
  /** --allow-private-hosts: files may come from loopback and private addresses (true), or from the listed ones. */
  allowPrivateHosts?: PrivateHostsAllowed;
  progress?: ImportProgress;
};

/** Stores a downloaded file (the media service's ingest, with variants); returns its address. */
export type StoreFile = (bytes: Buffer, purpose: MediaPurpose, fileName: string) => Promise<string>;

export class ImportRefusedError extends Error {}

const MEDIA = "media";
const POST_BATCH = 200;

/* ---------- reading values out of documents ---------- */

type ObjectIdLike = { _bsontype: "ObjectId"; toHexString(): string; getTimestamp(): Date };

function isObjectId(value: unknown): value is ObjectIdLike {
  return typeof value === "object" && value !== null && (value as { _bsontype?: unknown })._bsontype === "ObjectId";
}

/** An ObjectId (or its 24 hex digits as text) as lower-case hex; undefined for anything else. */
export function hexId(value: unknown): string | undefined {
  if (isObjectId(value)) return value.toHexString();
  if (typeof value === "string" && /^[0-9a-f]{24}$/i.test(value.trim())) return value.trim().toLowerCase();
  return undefined;
}

/**
 * A field as text the database can hold: PostgreSQL refuses NUL anywhere, and a JSON column (the
 * settings' fields) half of a surrogate pair, which a dump's `\ud800` escape makes. Either failed
 * the whole import; NUL is dropped and a half becomes U+FFFD, as a text column would store it.
 */
function text(value: unknown): string {
  if (typeof value === "string") return value.replaceAll("\u0000", "").toWellFormed();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

function dateOf(value: unknown): Date | undefined {
  const date =
    value instanceof Date
      ? value
      : typeof value === "string" || typeof value === "number"
        ? new Date(value)
        : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** A record's dates: its timestamps, else the moment its ObjectId was made. */
function datesOf(doc: LegacyDocument) {
  const made = isObjectId(doc._id) ? doc._id.getTimestamp() : undefined;
  const createdAt = dateOf(doc.createdAt) ?? made ?? new Date();
  const updatedAt = dateOf(doc.updatedAt) ?? createdAt;
  return { createdAt, updatedAt };
}

function subdocument(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/* ---------- files ---------- */

/** An image's or a link's tag, and in it the address of what it shows or links to. */
const IMG_OR_LINK = /<(img|a)\b[^>]*>/gi;
const ADDRESS = /\b(src|href)\s*=\s*("([^"]*)"|'([^']*)')/i;

function isRemote(url: string) {
  return /^https?:\/\//i.test(url.trim());
}

function isPdfAddress(url: string) {
  try {
    return new URL(url).pathname.toLowerCase().endsWith(".pdf");
  } catch {
    return false;
  }
}

function addressIn(tag: string, name: string, attribute: "src" | "href") {
  const match = ADDRESS.exec(tag);
  if (!match || match[1].toLowerCase() !== attribute || name.toLowerCase() !== (attribute === "src" ? "img" : "a"))
    return undefined;
  return { url: (match[3] ?? match[4] ?? "").replace(/&amp;/g, "&").trim(), whole: match[0] };
}

/** The files a piece of HTML uses: images it shows (img src) and PDFs it links to (a href). */
function filesInHtml(html: string): { url: string; purpose: MediaPurpose }[] {
  const found: { url: string; purpose: MediaPurpose }[] = [];
  for (const [tag, name] of html.matchAll(IMG_OR_LINK)) {
    const image = addressIn(tag, name, "src");
    if (image && isRemote(image.url)) found.push({ url: image.url, purpose: "image" });
    const link = addressIn(tag, name, "href");
    if (link && isRemote(link.url) && isPdfAddress(link.url)) found.push({ url: link.url, purpose: "pdf" });
  }
  return found;
}

function rewriteHtml(html: string, stored: Map<string, string>): string {
  return html.replace(IMG_OR_LINK, (tag: string, name: string) => {
    const found = addressIn(tag, name, "src") ?? addressIn(tag, name, "href");
    const local = found && stored.get(found.url);
    return found && local
      ? tag.replace(found.whole, `${name.toLowerCase() === "img" ? "src" : "href"}="${local}"`)
      : tag;
  });
}

/** The files each collection's records name, by field. */
function filesOf(collection: LegacyCollection, doc: LegacyDocument): { url: string; purpose: MediaPurpose }[] {
  const one = (value: unknown, purpose: MediaPurpose) =>
    isRemote(text(value)) ? [{ url: text(value).trim(), purpose }] : [];
  switch (collection) {
    case "users":
      return one(doc.profilePhoto, "image");
    case "posts":
      return [...one(doc.image, "image"), ...filesInHtml(text(doc.content))];
    case "journals":
      return [...one(doc.file, "pdf"), ...filesInHtml(text(doc.details))];
    case "departments":
      return one(doc.departimage, "image");
    case "sitesettings": {
      const about = subdocument(doc.about);
      return [
        ...one(about.vcimage, "image"),
        ...one(about.directorimage, "image"),
        ...one(subdocument(doc.homepage).homeimage, "image"),
      ];
    }
    case "staffs":
      return STAFF_ROLES.flatMap((role) => one(subdocument(doc[role]).photo, "image"));
    case "announces":
    case "focus":
      return filesInHtml(text(doc.content));
    default:
      return [];
  }
}

/* ---------- the run ---------- */

type Run = {
  source: ExportSource;
  options: ImportOptions;
  report: ImportReport;
  /** "collection:oldId" → new id, from earlier runs and this one. */
  known: Map<string, string>;
  /** External address → stored address. */
  stored: Map<string, string>;
  /** How many records each collection has (from the first pass), for progress. */
  sizes: Map<LegacyCollection, number>;
  problem(collection: ImportProblem["collection"], record: string, message: string): void;
};

const key = (collection: string, oldId: string) => `${collection}:${oldId}`;

function recordName(doc: LegacyDocument, index: number) {
  return hexId(doc._id) ?? `document ${index + 1}`;
}

async function* withIndex(source: ExportSource, collection: LegacyCollection) {
  let index = 0;
  for await (const doc of source.documents(collection)) yield { doc, index: index++ };
}

/** True when the database already has content that no earlier import brought. */
async function hasOwnContent(db: Database) {
  const [row] = rowsOf<{ own: boolean }>(
    await db.execute(sql`
    select (
      exists (select 1 from ${users} u where not exists (select 1 from ${legacyIds} l where l.collection = 'users' and l.new_id = u.id))
      or exists (select 1 from ${posts} p where not exists (select 1 from ${legacyIds} l where l.collection = 'posts' and l.new_id = p.id::text))
      or exists (select 1 from ${articles} j where not exists (select 1 from ${legacyIds} l where l.collection = 'journals' and l.new_id = j.id::text))
      or exists (select 1 from ${faculties} f where not exists (select 1 from ${legacyIds} l where l.collection = 'faculties' and l.new_id = f.id::text))
    ) as own`),
  );
  return Boolean(row?.own);
}

async function downloadFiles(run: Run, storeFile: StoreFile) {
  const { source, options, known } = run;
  const wanted = new Map<string, { purpose: MediaPurpose; record: string; collection: LegacyCollection }>();
  for (const collection of source.collections) {
    options.progress?.stage(`Reading ${collection}`);
    let seen = 0;
    for await (const { doc, index } of withIndex(source, collection)) {
      const id = hexId(doc._id);
      seen++;
      if (seen % 500 === 0) options.progress?.advance(seen);
      if (id && known.has(key(collection, id))) continue;
      for (const file of filesOf(collection, doc)) {
        if (known.has(key(MEDIA, file.url))) {
          if (!run.stored.has(file.url)) run.report.media.reused++;
          run.stored.set(file.url, known.get(key(MEDIA, file.url))!);
          continue;
        }
        if (!wanted.has(file.url)) wanted.set(file.url, { ...file, record: recordName(doc, index), collection });
      }
    }
    run.sizes.set(collection, seen);
    options.progress?.end(`${collection}: ${seen} records read`);
  }
  if (options.skipMedia || options.dryRun) {
    run.report.media.kept = wanted.size;
    return;
  }
  const limits = {
    ...DEFAULT_FETCH_LIMITS,
    ...options.fetchLimits,
    allowPrivateHosts: options.allowPrivateHosts ?? options.fetchLimits?.allowPrivateHosts,
  };
  const items = [...wanted.entries()];
  options.progress?.stage("Downloading images and PDFs", items.length);
  let done = 0;
  await eachLimited(items, limits.concurrency, async ([url, wish]) => {
    try {
      const bytes = await fetchMedia(url, wish.purpose, limits);
      const name = decodeURIComponent(new URL(url).pathname.split("/").pop() || wish.purpose);
      run.stored.set(url, await storeFile(bytes, wish.purpose, name));
      run.report.media.downloaded++;
    } catch (error) {
      run.report.media.failed++;
      run.problem(
        wish.collection,
        wish.record,
        `${url} was not downloaded: ${(error as Error).message}; the old address is kept.`,
      );
    }
    options.progress?.advance(++done);
  });
  options.progress?.end(`${run.report.media.downloaded} files downloaded, ${run.report.media.failed} failed`);
}

/** Runs the writes; a dry run (or a failure) rolls them back. */
class DryRunRollback extends Error {}

export async function importEarlierSystem(
  db: Database,
  source: ExportSource,
  storeFile: StoreFile,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const counts = Object.fromEntries(
    LEGACY_COLLECTIONS.map((c) => [c, { read: 0, imported: 0, alreadyImported: 0, skipped: 0 }]),
  ) as Record<LegacyCollection, CollectionCount>;
  const report: ImportReport = {
    shape: source.shape,
    dryRun: Boolean(options.dryRun),
    counts,
    media: { downloaded: 0, reused: 0, failed: 0, kept: 0 },
    problems: [],
  };
  if (!options.merge && (await hasOwnContent(db)))
    throw new ImportRefusedError(
      "This site already has content of its own. Import next to it with --merge (nothing of it is overwritten).",
    );
  const known = new Map<string, string>();
  // Files an earlier run stored count only while they are still stored (the sweep may have removed them).
  const earlier = rowsOf<{ collection: string; old_id: string; new_id: string }>(
    await db.execute(sql`select collection, old_id, new_id from ${legacyIds} l
      where l.collection <> ${MEDIA} or exists (select 1 from ${media} m where ${UPLOADS_URL_PREFIX} || m.storage_key = l.new_id)`),
  );
  for (const row of earlier) known.set(key(row.collection, row.old_id), row.new_id);
  const run: Run = {
    source,
    options,
    report,
    known,
    stored: new Map(),
    sizes: new Map(),
    problem: (collection, record, message) => report.problems.push({ collection, record, message }),
  };
  await downloadFiles(run, storeFile);

  try {
    await db.transaction(async (tx) => {
      const writer = new Writer(tx as unknown as Database, run);
      await writer.prepare();
      for (const collection of LEGACY_COLLECTIONS) {
        if (!source.collections.includes(collection)) continue;
        options.progress?.stage(`Importing ${collection}`, run.sizes.get(collection));
        await writer.collection(collection);
        const count = counts[collection];
        options.progress?.end(
          `${collection}: ${count.imported} imported, ${count.alreadyImported} already there, ${count.skipped} skipped`,
        );
      }
      await writer.flush();
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return report;
}

/* ---------- mapping and writing ---------- */

type PostRow = typeof posts.$inferInsert;

class Writer {
  private readonly db: Database;
  private readonly run: Run;
  private readonly newIds: { collection: string; oldId: string; newId: string }[] = [];
  private readonly taken = {
    postSlugs: new Set<string>(),
    articleSlugs: new Set<string>(),
    emails: new Map<string, string>(),
    usernames: new Set<string>(),
    facultyNames: new Map<string, string>(),
    departmentNames: new Map<string, string>(),
    courseCodes: new Set<string>(),
  };
  private readonly departmentFaculty = new Map<string, string>();
  private postBatch: PostRow[] = [];

  constructor(db: Database, run: Run) {
    this.db = db;
    this.run = run;
  }

  async prepare() {
    const { db, taken } = this;
    for (const row of await db.select({ slug: posts.slug }).from(posts)) taken.postSlugs.add(row.slug);
    for (const row of await db.select({ slug: articles.slug }).from(articles)) taken.articleSlugs.add(row.slug);
    for (const row of await db.select({ kind: slugHistory.kind, slug: slugHistory.slug }).from(slugHistory))
      (row.kind === "post" ? taken.postSlugs : taken.articleSlugs).add(row.slug);
    for (const row of await db.select({ id: users.id, email: users.email, username: users.username }).from(users)) {
      taken.emails.set(row.email.toLowerCase(), row.id);
      if (row.username) taken.usernames.add(row.username.toLowerCase());
    }
    for (const row of await db.select({ id: faculties.id, name: faculties.name }).from(faculties))
      taken.facultyNames.set(row.name.toLowerCase(), row.id);
    for (const row of await db.select().from(departments)) {
      taken.departmentNames.set(`${row.facultyId}:${row.name.toLowerCase()}`, row.id);
      this.departmentFaculty.set(row.id, row.facultyId);
    }
    for (const row of await db.select({ code: courses.code }).from(courses))
      taken.courseCodes.add(row.code.toUpperCase());
  }

  private lookup(collection: LegacyCollection, value: unknown) {
    const id = hexId(value);
    return id ? this.run.known.get(key(collection, id)) : undefined;
  }

  private remember(collection: string, oldId: string | undefined, newId: string) {
    if (!oldId) return;
    this.run.known.set(key(collection, oldId), newId);
    this.newIds.push({ collection, oldId, newId });
  }

  private file(value: unknown) {
    const url = text(value).trim();
    return this.run.stored.get(url) ?? url;
  }

  private html(value: unknown) {
    return sanitizeRichText(rewriteHtml(text(value), this.run.stored));
  }

  async collection(collection: LegacyCollection) {
    const { run } = this;
    const count = run.report.counts[collection];
    for await (const { doc, index } of withIndex(run.source, collection)) {
      count.read++;
      const oldId = hexId(doc._id);
      const record = recordName(doc, index);
      if (oldId && run.known.has(key(collection, oldId))) {
        count.alreadyImported++;
        continue;
      }
      const outcome = await this.one(collection, doc, oldId, record);
      if (outcome) count.imported++;
      else count.skipped++;
      if (count.read % 500 === 0) run.options.progress?.advance(count.read);
    }
    if (collection === "posts") await this.flushPosts();
  }

  private one(collection: LegacyCollection, doc: LegacyDocument, oldId: string | undefined, record: string) {
    switch (collection) {
      case "users":
        return this.user(doc, oldId, record);
      case "faculties":
        return this.faculty(doc, oldId, record);
      case "departments":
        return this.department(doc, oldId, record);
      case "courses":
        return this.course(doc, oldId, record);
      case "posts":
        return this.post(doc, oldId, record);
      case "journals":
        return this.journal(doc, oldId, record);
      case "sitesettings":
        return this.settings(doc, oldId);
      case "staffs":
        return this.staff(doc, oldId);
      case "announces":
        return this.announcement(doc, oldId, record);
      case "focus":
        return this.focus(doc, oldId, record);
    }
  }

  private async user(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const problem = (message: string) => this.run.problem("users", record, message);
    const email = text(doc.email).trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      problem(`The user "${text(doc.username)}" has no usable e-mail address; not imported.`);
      return false;
    }
    const existing = this.taken.emails.get(email.toLowerCase());
    if (existing) {
      problem(`An account with ${email} is already here; the old account's records are given to it.`);
      this.remember("users", oldId, existing);
      return false;
    }
    let username = text(doc.username).trim();
    if (!USERNAME_PATTERN.test(username)) {
      const made =
        username
          .replace(/[^A-Za-z0-9._-]+/g, ".")
          .replace(/^\.+|\.+$/g, "")
          .slice(0, 24) || "member";
      const padded = made.length < 3 ? `${made}.user` : made;
      problem(`The username "${username}" has characters this site does not allow; it is now "${padded}".`);
      username = padded;
    }
    if (this.taken.usernames.has(username.toLowerCase())) {
      let n = 2;
      while (this.taken.usernames.has(`${username}${n}`.toLowerCase())) n++;
      problem(`The username "${username}" is taken; it is now "${username}${n}".`);
      username = `${username}${n}`;
    }
    const password = text(doc.password);
    const bcrypt = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(password);
    if (!bcrypt) problem(`The user "${username}" has no bcrypt password; they can set one with "Forgot password".`);
    const id = randomUUID();
    const { createdAt, updatedAt } = datesOf(doc);
    const photo = this.file(doc.profilePhoto);
    await this.db.insert(users).values({
      id,
      name: username,
      email,
      // The earlier system's owners used these addresses (decision 028).
      emailVerified: true,
      image: photo || null,
      username: username.toLowerCase(),
      displayUsername: username,
      role: doc.isAdmin === true ? "admin" : "user",
      createdAt,
      updatedAt,
    });
    if (bcrypt)
      await this.db.insert(accounts).values({
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password,
        createdAt,
        updatedAt,
      });
    this.taken.emails.set(email.toLowerCase(), id);
    this.taken.usernames.add(username.toLowerCase());
    this.remember("users", oldId, id);
    return true;
  }

  private async faculty(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const name = text(doc.name).trim();
    if (!name) {
      this.run.problem("faculties", record, "A faculty without a name; not imported.");
      return false;
    }
    const existing = this.taken.facultyNames.get(name.toLowerCase());
    if (existing) {
      this.run.problem("faculties", record, `The faculty "${name}" is already here; its departments join that one.`);
      this.remember("faculties", oldId, existing);
      return false;
    }
    const [row] = await this.db
      .insert(faculties)
      .values({ name, ...datesOf(doc) })
      .returning({ id: faculties.id });
    this.taken.facultyNames.set(name.toLowerCase(), row.id);
    this.remember("faculties", oldId, row.id);
    return true;
  }

  private async department(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const name = text(doc.name).trim();
    const facultyId = this.lookup("faculties", doc.faculty);
    if (!name || !facultyId) {
      this.run.problem(
        "departments",
        record,
        !name
          ? "A department without a name; not imported."
          : `The department "${name}" names a faculty that is not in the export; not imported.`,
      );
      return false;
    }
    const existing = this.taken.departmentNames.get(`${facultyId}:${name.toLowerCase()}`);
    if (existing) {
      this.run.problem(
        "departments",
        record,
        `The department "${name}" is already in its faculty; its courses join that one.`,
      );
      this.remember("departments", oldId, existing);
      return false;
    }
    const [row] = await this.db
      .insert(departments)
      .values({
        name,
        facultyId,
        departimage: this.file(doc.departimage),
        // Plain text (the department page shows it as paragraphs).
        content: text(doc.content),
        ...datesOf(doc),
      })
      .returning({ id: departments.id });
    this.taken.departmentNames.set(`${facultyId}:${name.toLowerCase()}`, row.id);
    this.departmentFaculty.set(row.id, facultyId);
    this.remember("departments", oldId, row.id);
    return true;
  }

  private async course(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const problem = (message: string) => this.run.problem("courses", record, message);
    const name = text(doc.name).trim();
    const code = text(doc.code).trim().toUpperCase();
    const departmentId = this.lookup("departments", doc.department);
    if (!name || !code) {
      problem("A course without a name or code; not imported.");
      return false;
    }
    if (!departmentId) {
      problem(`The course ${code} names a department that is not in the export; not imported.`);
      return false;
    }
    if (this.taken.courseCodes.has(code)) {
      problem(`The course code ${code} is already used; this course was not imported.`);
      return false;
    }
    const facultyId = this.departmentFaculty.get(departmentId)!;
    const givenFaculty = this.lookup("faculties", doc.faculty);
    if (givenFaculty && givenFaculty !== facultyId)
      problem(`The course ${code} named another faculty than its department's; it is in its department's.`);
    let credits = typeof doc.credits === "number" ? Math.round(doc.credits) : 3;
    if (credits < 1 || credits > 6) {
      problem(
        `The course ${code} had ${String(doc.credits)} credits; it now has ${Math.min(6, Math.max(1, credits))}.`,
      );
      credits = Math.min(6, Math.max(1, credits));
    }
    let semester = text(doc.semester);
    if (!(SEMESTERS as readonly string[]).includes(semester)) {
      problem(`The course ${code} had the semester "${semester}"; it is now "Both".`);
      semester = "Both";
    }
    const [row] = await this.db
      .insert(courses)
      .values({
        name,
        code,
        credits,
        semester,
        description: text(doc.description),
        departmentId,
        facultyId,
        ...datesOf(doc),
      })
      .returning({ id: courses.id });
    this.taken.courseCodes.add(code);
    this.remember("courses", oldId, row.id);
    return true;
  }

  /** A free slug: the old one when it can be one, else one made from it or the title. */
  private slugFor(collection: "posts" | "journals", oldSlug: string, title: string, record: string): { slug: string } {
    const taken = collection === "posts" ? this.taken.postSlugs : this.taken.articleSlugs;
    const base = isSlug(oldSlug) ? oldSlug : slugify(oldSlug || title);
    if (oldSlug && base !== oldSlug)
      this.run.problem(collection, record, `The slug "${oldSlug}" is not a valid address; it is now "${base}".`);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 190)}-${n}`;
    if (slug !== base)
      this.run.problem(
        collection,
        record,
        `The slug "${base}" is used by another record; this one is now at "${slug}".`,
      );
    taken.add(slug);
    return { slug };
  }

  private async post(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const problem = (message: string) => this.run.problem("posts", record, message);
    let title = text(doc.title).trim();
    if (!title) {
      title = "Untitled post";
      problem(`A post without a title; it is called "${title}".`);
    }
    let category = text(doc.category).trim();
    if (category === "news" || category === "uncategories") category = "uncategorized";
    else if (!(POST_CATEGORIES as readonly string[]).includes(category)) {
      if (category) problem(`The category "${category}" is not one of this site's; the post is uncategorised.`);
      category = "uncategorized";
    }
    const userId = this.lookup("users", doc.userId) ?? null;
    if (!userId && doc.userId !== undefined)
      problem(`The post's author (${text(doc.userId) || "?"}) is not in the export; it has no author.`);
    const { slug } = this.slugFor("posts", text(doc.slug).trim(), title, record);
    const id = randomUUID();
    this.postBatch.push({
      id,
      slug,
      title,
      category,
      image: this.file(doc.image),
      content: this.html(doc.content),
      userId,
      status: "published",
      ...datesOf(doc),
    });
    this.remember("posts", oldId, id);
    if (this.postBatch.length >= POST_BATCH) await this.flushPosts();
    return true;
  }

  private async flushPosts() {
    if (this.postBatch.length) await this.db.insert(posts).values(this.postBatch);
    this.postBatch = [];
  }

  /** The earlier system's "journal": an article, its `filename` the title, `details` the abstract, `file` the PDF. */
  private async journal(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const problem = (message: string) => this.run.problem("journals", record, message);
    let title = text(doc.filename).trim();
    if (!title) {
      title = "Untitled article";
      problem(`A journal article without a title; it is called "${title}".`);
    }
    const pdf = this.file(doc.file);
    if (!pdf) problem(`The article "${title}" has no PDF.`);
    const { slug } = this.slugFor("journals", text(doc.slug).trim(), title, record);
    const [row] = await this.db
      .insert(articles)
      .values({ slug, title, pdf, abstract: this.html(doc.details), status: "published", ...datesOf(doc) })
      .returning({ id: articles.id });
    this.remember("journals", oldId, row.id);
    return true;
  }

  private async settings(doc: LegacyDocument, oldId: string | undefined) {
    let any = false;
    for (const section of SETTINGS_SECTIONS as readonly SettingsSection[]) {
      const given = subdocument(doc[section]);
      const fields: Record<string, string> = {};
      for (const field of SETTINGS_FIELDS[section]) {
        if (given[field] === undefined) continue;
        fields[field] = /image$/.test(field) ? this.file(given[field]) : text(given[field]);
      }
      if (Object.keys(fields).length === 0) continue;
      // Never over what the site has: a section it already has is left alone.
      const inserted = await this.db
        .insert(siteSettings)
        .values({ section, fields, updatedAt: datesOf(doc).updatedAt })
        .onConflictDoNothing()
        .returning({ section: siteSettings.section });
      any ||= inserted.length > 0;
    }
    this.remember("sitesettings", oldId, "settings");
    return any;
  }

  private async staff(doc: LegacyDocument, oldId: string | undefined) {
    let any = false;
    for (const role of STAFF_ROLES) {
      const given = subdocument(doc[role]);
      if (Object.keys(given).length === 0) continue;
      const inserted = await this.db
        .insert(staff)
        .values({
          role,
          name: text(given.name),
          post: text(given.post),
          email: text(given.email),
          description: text(given.description),
          photo: this.file(given.photo),
          updatedAt: datesOf(doc).updatedAt,
        })
        .onConflictDoNothing()
        .returning({ role: staff.role });
      any ||= inserted.length > 0;
    }
    this.remember("staffs", oldId, "staff");
    return any;
  }

  /** The earlier system's announcement becomes the journal's call for papers (decision 040), unless it has one. */
  private async announcement(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const call = { callTitle: text(doc.title).trim() || "Announcement", callText: this.html(doc.content) };
    const inserted = rowsOf(
      await this.db.execute(sql`
        insert into ${journalProfile} (id, fields) values (1, ${JSON.stringify(call)}::jsonb)
        on conflict (id) do update set fields = ${journalProfile}.fields || excluded.fields, updated_at = now()
        where coalesce(${journalProfile}.fields->>'callTitle', '') = ''
          and coalesce(${journalProfile}.fields->>'callText', '') = ''
        returning id`),
    );
    if (!inserted.length)
      this.run.problem("announces", record, "The journal already has a call for papers; this one was not imported.");
    this.remember("announces", oldId, "announcement");
    return inserted.length > 0;
  }

  private async focus(doc: LegacyDocument, oldId: string | undefined, record: string) {
    const focusKey = text(doc.key);
    if (!(FOCUS_KEYS as readonly string[]).includes(focusKey)) {
      this.run.problem("focus", record, `The focus record "${focusKey}" is not one this site shows; not imported.`);
      return false;
    }
    const images = Array.isArray(doc.images) ? doc.images.length : 0;
    if (images)
      this.run.problem(
        "focus",
        record,
        `The focus record "${focusKey}" had ${images} images in a list this site does not keep.`,
      );
    if (doc.data !== undefined && doc.data !== null)
      this.run.problem("focus", record, `The focus record "${focusKey}" had data this site does not keep.`);
    const inserted = await this.db
      .insert(focusPages)
      .values({
        key: focusKey,
        title: text(doc.title),
        subtitle: text(doc.subtitle),
        content: this.html(doc.content),
        updatedAt: datesOf(doc).updatedAt,
      })
      .onConflictDoNothing()
      .returning({ key: focusPages.key });
    this.remember("focus", oldId, focusKey);
    return inserted.length > 0;
  }

  /** The old ids and the files downloaded, kept for old links and the next run. */
  async flush() {
    await this.flushPosts();
    const files = [...this.run.stored.entries()]
      .filter(([url]) => !this.run.known.has(key(MEDIA, url)))
      .map(([url, local]) => ({ collection: MEDIA, oldId: url, newId: local }));
    const rows = [...this.newIds, ...files];
    for (let i = 0; i < rows.length; i += 1000)
      await this.db
        .insert(legacyIds)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
  }
}
