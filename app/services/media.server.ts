import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";

import { type Database, rowsOf } from "~/db/client.server";
import * as schema from "~/db/schema";
import { media } from "~/db/schema";
import { FILE_IN_USE, FILE_NOT_FOUND } from "~/domain/messages/media";
import { IMAGE_WIDTHS, MAIN_IMAGE_WIDTH } from "~/lib/images";
import { SOCIAL_IMAGE } from "~/lib/seo/url";
import { loadSharp } from "~/lib/sharp.server";
import { isPlainFileName, isUuid } from "~/lib/text";

import { type Effects, effectTable } from "./content-changes.server";
import { ConflictError, NotFoundError, ServiceError } from "./errors.server";
import { normalisePage, type Page, type PageRequest, toPage } from "./pagination";
import { type FileStore, isPartialWrite, isStorageKey } from "./storage/file-store.server";

export type UploadPurpose = "image" | "avatar" | "pdf";
export const UPLOAD_PURPOSES: UploadPurpose[] = ["image", "avatar", "pdf"];

/** Where uploaded files are served from: `/uploads/<key>`. */
export const UPLOADS_URL_PREFIX = "/uploads/";

/**
 * What one account that is not an admin may upload (docs/security.md): this many files an hour,
 * and this many bytes stored in all (the files as served; an image's smaller copies are not
 * counted). Counted in the database, so they hold across servers sharing it. Admins have no limit.
 */
export const UPLOADS_PER_HOUR = 20;
export const UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;

/**
 * Every table whose rows may hold an upload's address: image and PDF columns, rich text (posts,
 * journals, departments, the announcement, focus pages, staff), settings and site links. An upload
 * none of them names is unused, and the sweep removes it after its grace period.
 */
export const TABLES_NAMING_UPLOADS = [
  schema.users,
  schema.posts,
  schema.articles,
  schema.faculties,
  schema.departments,
  schema.courses,
  schema.siteSettings,
  schema.staff,
  schema.announcement,
  schema.focusPages,
  schema.journalIssues,
  schema.journalProfile,
  // A revision or a preview can bring a file back: it stays while one names it.
  schema.revisions,
  schema.previewTokens,
];
/** The tables that never hold an upload's address: the upload records, and the auth library's own. */
export const TABLES_WITHOUT_UPLOADS = [
  schema.media,
  schema.sessions,
  schema.accounts,
  schema.verifications,
  schema.rateLimits,
  schema.appSecrets,
  schema.slugHistory,
  schema.articleUsage,
  schema.journalWithdrawals,
  schema.twoFactors,
  // Invitations name an address and roles; the account policy, whether sign-up is open (issue 33).
  schema.invitations,
  schema.accountPolicy,
  // A category's name and plain-text description, a tag's name, a post's tags (issue 33).
  schema.categories,
  schema.tags,
  schema.postTags,
  // A mail or a log entry that mentions a file is a record of the past; it keeps no file in use.
  schema.mailOutbox,
  schema.activityLog,
  // Submissions and peer review (issue 34): their files are in the private store, never under /uploads/.
  schema.submissions,
  schema.submissionFiles,
  schema.submissionEvents,
  schema.submissionNotes,
  schema.reviewers,
  schema.reviews,
  schema.editorDecisions,
  schema.submissionSettings,
  // Readership (issue 35): figures and hashes, never content.
  schema.readershipEvents,
  schema.readershipDaily,
  schema.readershipSiteDaily,
  schema.readershipMonthly,
  schema.readershipArticleDaily,
  schema.readershipArticleMonthly,
  schema.readershipArticleWeekly,
  schema.readershipIssueDaily,
  schema.readershipIssueMonthly,
  schema.readershipReferrers,
  schema.readershipCountries,
  schema.readershipRobots,
  schema.readershipSpikes,
  schema.readershipSecrets,
  schema.counterApiKeys,
  // Where an import found a file (decision 028): a note for the next import, which checks the file is still stored.
  schema.legacyIds,
];

/** Every text and JSON column of a table (as text): where content can name an upload. */
function textColumnsOf(table: PgTable) {
  return getTableConfig(table)
    .columns.filter((column) => ["PgText", "PgVarchar", "PgJson", "PgJsonb"].includes(column.columnType))
    .map((column) =>
      column.dataType === "json" ? sql`${sql.identifier(column.name)}::text` : sql.identifier(column.name),
    );
}

/** How an upload is named in content: `uploads/<month>/<uuid>` (the uuid is what is compared). */
const NAMED_UPLOAD = "uploads/[0-9]{4}-[0-9]{2}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
const SWEPT_KEY = "^[0-9]{4}-[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** More unused uploads than this while content names none at all: the wrong database, nothing is removed. */
const UNUSED_WITHOUT_ANY_IN_USE = 20;

export function uploadsDirectory(dataDir: string) {
  return path.join(dataDir, "uploads");
}

/** An upload refused: too large (413), not an image or PDF (415), too many (429)... */
export class UploadError extends ServiceError {
  constructor(
    message: string,
    status: number,
    /** For 429: when the person may upload again (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, status);
  }
}

/**
 * An upload's bytes: a request body as the web stream it is (read only when the upload goes ahead:
 * a stream made from it and left unread would report the body's end as an uncaught error), or
 * any Node stream.
 */
export type UploadSource = Readable | AsyncIterable<Uint8Array>;

export type MediaOptions = { store: FileStore; tmpDir: string; maxImageBytes: number; maxPdfBytes: number };

export type StoredMedia = {
  id: string;
  url: string;
  kind: "image" | "pdf";
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
};

type Detected = "png" | "jpeg" | "webp" | "pdf" | "other";

/** The file's real type, from its first bytes. */
export function detectType(head: Buffer): Detected {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP")
    return "webp";
  if (head.length >= 5 && head.toString("latin1", 0, 5) === "%PDF-") return "pdf";
  return "other";
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A client's file name is only ever kept as a label; one that looks like a path is refused. */
function checkFileName(name: string | undefined) {
  if (name === undefined || name === "") return "";
  if (!isPlainFileName(name))
    throw new UploadError(
      "The file name is not valid. Rename the file to a plain name such as photo.jpg and try again.",
      400,
    );
  return name;
}

/**
 * The files one stored upload consists of: its key, and for an image the smaller copies made with
 * it and its link-preview copy (made at upload, or on its first request for older images).
 */
export function storedKeysOf(key: string): string[] {
  const image = /^(.*)-(\d+)w\.webp$/.exec(key);
  return image
    ? [
        key,
        ...IMAGE_WIDTHS.filter((w) => w < Number(image[2])).map((w) => `${image[1]}-${w}w.webp`),
        `${image[1]}-og.jpg`,
      ]
    : [key];
}

/** A link preview's copy of an image: 1200×630, cropped around what draws the eye, in JPEG (every network reads it). */
async function socialCardOf(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image)
    .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: "cover", position: "attention" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

const SOCIAL_CARD_KEY = /^(\d{4}-\d{2}\/[0-9a-f-]{36})-og\.jpg$/;

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
};

/** A user's uploads of the last hour, when the oldest of them leaves the hour, and the bytes of all of them. */
type Usage = { recent: number; waitSeconds: number; storedBytes: number };

async function usageOf(db: Pick<Database, "execute">, userId: string): Promise<Usage> {
  // The database's clock: the same for every server sharing it.
  const [row] = rowsOf<{ recent: string | number; wait: string | number | null; stored: string | number }>(
    await db.execute(sql`
      select count(*) filter (where created_at > now() - interval '1 hour') as recent,
             extract(epoch from min(created_at) filter (where created_at > now() - interval '1 hour') + interval '1 hour' - now()) as wait,
             coalesce(sum(size_bytes), 0) as stored
      from ${media} where uploaded_by = ${userId}`),
  );
  return {
    recent: Number(row.recent),
    waitSeconds: Math.max(1, Math.ceil(Number(row.wait ?? 0))),
    storedBytes: Number(row.stored),
  };
}

/**
 * Refuses an upload past the account's hourly number or its stored bytes (`adding`: the new file's size, when
 * known).
 */
function checkLimits(usage: Usage, adding: number | undefined) {
  if (usage.recent >= UPLOADS_PER_HOUR) {
    throw new UploadError(
      `You have uploaded ${UPLOADS_PER_HOUR} files in the last hour, the most an account may. Try again in ${minutes(usage.waitSeconds)}.`,
      429,
      usage.waitSeconds,
    );
  }
  if (
    adding === undefined ? usage.storedBytes >= UPLOAD_QUOTA_BYTES : usage.storedBytes + adding > UPLOAD_QUOTA_BYTES
  ) {
    throw new UploadError(
      `There is no room for this file: your uploads already take ${megabytes(usage.storedBytes)} of the ${megabytes(UPLOAD_QUOTA_BYTES)} an account may store. ` +
        "Photos you replaced or never used are removed a day after their upload, which frees room.",
      413,
    );
  }
}

/** Files per page of the media library. */
export const MEDIA_PAGE_SIZE = 20;

/** What kind of record names an upload: the media library links each to where it is edited. */
export type MediaUseArea =
  | "post"
  | "journal"
  | "account"
  | "faculty"
  | "department"
  | "course"
  | "settings"
  | "staff"
  | "announcement"
  | "focus"
  | "issue"
  | "journal-settings"
  | "other";

/**
 * One record whose content names an upload. `via`: not the record as the site shows it now but an
 * earlier version of it (a revision that can be restored), a preview link of it, or the record in
 * the trash (restorable for a while).
 */
export type MediaUse = { area: MediaUseArea; id: string; name: string; via?: "revision" | "preview" | "trash" };

/** An upload as the media library shows it. */
export type LibraryItem = {
  id: string;
  url: string;
  kind: "image" | "pdf";
  originalName: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  caption: string;
  createdAt: Date;
  uses: MediaUse[];
};

type UseOfTable = { area: SQL; id: SQL; name: SQL; via?: SQL };
const inTrash = sql`case when deleted_at is not null then 'trash' end`;
const area = (value: MediaUseArea) => sql`${value}`;
/** A saved record's name in its JSON copy (a revision, a preview): its title, else its name. */
const nameInData = sql`coalesce(nullif(data->>'title', ''), nullif(data->>'name', ''))`;

/** How each table's rows are named in the library's "Used in" column (its key and a readable name). */
const USE_OF_TABLE: Record<string, UseOfTable> = {
  users: { area: area("account"), id: sql`id`, name: sql`coalesce(display_username, username, name)` },
  posts: { area: area("post"), id: sql`id`, name: sql`title`, via: inTrash },
  articles: { area: area("journal"), id: sql`id`, name: sql`title`, via: inTrash },
  faculties: { area: area("faculty"), id: sql`id`, name: sql`name` },
  departments: { area: area("department"), id: sql`id`, name: sql`name` },
  courses: { area: area("course"), id: sql`id`, name: sql`name` },
  site_settings: { area: area("settings"), id: sql`section`, name: sql`section` },
  staff: { area: area("staff"), id: sql`role`, name: sql`coalesce(nullif(name, ''), role)` },
  announcement: { area: area("announcement"), id: sql`id`, name: sql`title` },
  focus_pages: { area: area("focus"), id: sql`key`, name: sql`key` },
  journal_issues: {
    area: area("issue"),
    id: sql`id::text`,
    name: sql`'Vol. ' || volume || ' No. ' || number || ' (' || year || ')'`,
  },
  journal_profile: { area: area("journal-settings"), id: sql`id::text`, name: sql`'Journal settings'` },
  // Revision kinds are the areas' own names (post, journal, settings, staff, announcement, focus).
  revisions: {
    area: sql`kind`,
    id: sql`record_id`,
    name: sql`coalesce(${nameInData}, record_id)`,
    via: sql`'revision'`,
  },
  preview_tokens: {
    area: sql`kind`,
    id: sql`coalesce(record_id::text, '')`,
    name: sql`coalesce(${nameInData}, kind)`,
    via: sql`'preview'`,
  },
};

const USE_AREAS: readonly string[] = [
  "post",
  "journal",
  "account",
  "faculty",
  "department",
  "course",
  "settings",
  "staff",
  "announcement",
  "focus",
  "issue",
  "journal-settings",
] satisfies MediaUseArea[];

/** The uuid that names an upload in content (`<month>/<uuid>...` in its storage key). */
const uploadIdOf = (storageKey: string) => storageKey.slice(8, 44);

/** A stored file as callers see it: its address instead of its storage key. */
const mediaFile = (
  row: Pick<typeof media.$inferSelect, "id" | "storageKey" | "kind" | "sizeBytes" | "width" | "height">,
) => ({
  id: row.id,
  url: `${UPLOADS_URL_PREFIX}${row.storageKey}`,
  kind: row.kind as "image" | "pdf",
  size: row.sizeBytes,
  width: row.width,
  height: row.height,
});

/**
 * The records whose text names any of the uploads `ids` (their uuids), by uuid. The same tables and
 * columns the sweep reads, so "unused" here is what the sweep would remove.
 */
async function usesOf(db: Pick<Database, "execute">, ids: string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return uses;
  const wanted = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const selects = TABLES_NAMING_UPLOADS.map((table) => {
    const { name, primaryKeys, columns } = getTableConfig(table);
    const key = primaryKeys[0]?.columns[0]?.name ?? columns.find((c) => c.primary)?.name;
    const described = USE_OF_TABLE[name] ?? {
      area: area("other"),
      id: key ? sql.identifier(key) : sql`''`,
      name: sql`${name}`,
    };
    const text = sql`concat_ws(' ', ${sql.join(textColumnsOf(table), sql`, `)})`;
    return sql`select * from (select (${described.area})::text as area, (${described.id})::text as id,
        (${described.name})::text as name, (${described.via ?? sql`null`})::text as via,
        array(select u from unnest(${wanted}) u where strpos(${text}, u) > 0) as found
      from ${table}) t where cardinality(found) > 0`;
  });
  const rows = rowsOf<{
    area: string;
    id: string;
    name: string | null;
    via: MediaUse["via"] | null;
    found: string[] | string;
  }>(await db.execute(sql.join(selects, sql` union all `)));
  for (const row of rows) {
    // PGlite and node-postgres both parse text[]; a driver that does not gives "{a,b}".
    const found = Array.isArray(row.found) ? row.found : row.found.replace(/^{|}$/g, "").split(",");
    const use: MediaUse = {
      area: USE_AREAS.includes(row.area) ? (row.area as MediaUseArea) : "other",
      id: row.id,
      name: row.name ?? "",
      ...(row.via ? { via: row.via } : {}),
    };
    for (const id of found) {
      const list = uses.get(id);
      // A record once (as it is now, else its latest revision or preview), however many of them name the file.
      if (
        !list ||
        list.some((seen) => seen.area === use.area && seen.id === use.id && (!seen.via || seen.via === use.via))
      )
        continue;
      if (!use.via) {
        for (let i = list.length - 1; i >= 0; i--)
          if (list[i].area === use.area && list[i].id === use.id) list.splice(i, 1);
      }
      list.push(use);
    }
  }
  return uses;
}

function monthFolder() {
  return new Date().toISOString().slice(0, 7);
}

export function mediaService(db: Database, options: MediaOptions) {
  /** Link-preview copies being made, so that a burst of first requests makes each once. */
  const makingCards = new Map<string, Promise<boolean>>();
  const { store } = options;

  /** Copies the upload to a temporary file, refusing it as soon as it passes the limit. */
  async function spool(
    source: UploadSource,
    limit: number,
    limitMessage: string,
  ): Promise<{ file: string; size: number }> {
    await fsp.mkdir(options.tmpDir, { recursive: true });
    const file = path.join(options.tmpDir, `${randomUUID()}.upload`);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) done(new UploadError(limitMessage, 413));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, fs.createWriteStream(file));
    } catch (error) {
      await fsp.rm(file, { force: true });
      if (error instanceof UploadError) throw error;
      throw new UploadError("The upload was interrupted. Please try again.", 400);
    }
    return { file, size };
  }

  async function readHead(file: string) {
    const handle = await fsp.open(file, "r");
    try {
      const buffer = Buffer.alloc(16);
      const { bytesRead } = await handle.read(buffer, 0, 16, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async function pdfIsComplete(file: string, size: number) {
    const handle = await fsp.open(file, "r");
    try {
      const length = Math.min(2048, size);
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, size - length);
      return buffer.toString("latin1").includes("%%EOF");
    } finally {
      await handle.close();
    }
  }

  /**
   * The image as the site serves it: turned upright, metadata (location, camera) stripped, at most
   * MAIN_IMAGE_WIDTH wide, in WebP; plus smaller widths for srcset.
   */
  async function renderImage(file: string, detected: Detected) {
    const sharp = await loadSharp();
    try {
      const source = sharp(file, { failOn: "truncated", limitInputPixels: 120_000_000, sequentialRead: true });
      const meta = await source.metadata();
      if (meta.format !== detected) throw new Error(`declared ${detected}, decoded ${meta.format}`);
      const main = await source
        .rotate()
        .resize({ width: MAIN_IMAGE_WIDTH, height: MAIN_IMAGE_WIDTH, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const variants = [];
      for (const width of IMAGE_WIDTHS.filter((w) => w < main.info.width)) {
        variants.push({ width, bytes: await sharp(main.data).resize({ width }).webp({ quality: 78 }).toBuffer() });
      }
      return {
        main: main.data,
        width: main.info.width,
        height: main.info.height,
        variants,
        socialCard: await socialCardOf(main.data),
      };
    } catch {
      throw new UploadError(
        "The image could not be read: it may be damaged or incomplete. Try another copy of it.",
        400,
      );
    }
  }

  async function ingestFile(
    file: string,
    size: number,
    meta: { purpose: UploadPurpose; fileName: string; uploadedBy: string | null; limited: boolean },
  ): Promise<StoredMedia> {
    if (size === 0) throw new UploadError("The file is empty.", 400);
    const detected = detectType(await readHead(file));
    const wantsPdf = meta.purpose === "pdf";
    if (wantsPdf && detected !== "pdf") throw new UploadError("This file is not a PDF. Choose a PDF document.", 415);
    if (!wantsPdf && detected === "pdf")
      throw new UploadError("This file is a PDF, not an image. Choose a PNG, JPEG or WebP image.", 415);
    if (!wantsPdf && detected === "other")
      throw new UploadError("This file is not a PNG, JPEG or WebP image. Choose one of those.", 415);

    const folder = monthFolder();
    const id = randomUUID();
    const written: string[] = [];
    try {
      let row: typeof media.$inferInsert;
      if (detected === "pdf") {
        if (!(await pdfIsComplete(file, size)))
          throw new UploadError("The PDF is incomplete or damaged. Export it again and retry.", 400);
        const key = `${folder}/${id}.pdf`;
        await store.putFile(key, file, "application/pdf");
        written.push(key);
        row = { storageKey: key, kind: "pdf", contentType: "application/pdf", sizeBytes: size };
      } else {
        const image = await renderImage(file, detected);
        const key = `${folder}/${id}-${image.width}w.webp`;
        for (const variant of image.variants) {
          const variantKey = `${folder}/${id}-${variant.width}w.webp`;
          await store.putBuffer(variantKey, variant.bytes, "image/webp");
          written.push(variantKey);
        }
        const cardKey = `${folder}/${id}-og.jpg`;
        await store.putBuffer(cardKey, image.socialCard, "image/jpeg");
        written.push(cardKey);
        await store.putBuffer(key, image.main, "image/webp");
        written.push(key);
        row = {
          storageKey: key,
          kind: "image",
          contentType: "image/webp",
          sizeBytes: image.main.length,
          width: image.width,
          height: image.height,
        };
      }
      const values = { ...row, originalName: meta.fileName, uploadedBy: meta.uploadedBy };
      const { uploadedBy } = meta;
      const [saved] =
        meta.limited && uploadedBy
          ? await db.transaction(async (tx) => {
              // Counted and recorded under a lock of this account: two uploads at once, on one
              // server or two, cannot both take the last place.
              await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${uploadedBy}`}))`);
              checkLimits(await usageOf(tx, uploadedBy), row.sizeBytes);
              return tx.insert(media).values(values).returning();
            })
          : await db.insert(media).values(values).returning();
      // In the order /api/uploads has always answered with.
      const { id: fileId, url, kind, ...dimensions } = mediaFile(saved);
      return { id: fileId, url, kind, contentType: saved.contentType, ...dimensions };
    } catch (error) {
      // Nothing of a refused or failed upload stays behind.
      await Promise.all(written.map((key) => store.delete(key).catch(() => {})));
      throw error;
    }
  }

  /**
   * Deletes the records of uploads no content names, recorded and last claimed before `before`, in
   * one statement: what content names is read in that statement, and a save claims its files
   * (`isStored`, `claimNamedIn`) before it writes, so a record claimed meanwhile no longer matches
   * (PostgreSQL checks the row again once the claim commits). Then their files. Several servers may
   * run this at once: each record is deleted once, and deleting a file twice is harmless.
   */
  async function removeUnused(before: Date): Promise<number> {
    const texts = sql.join(
      TABLES_NAMING_UPLOADS.map(
        (table) => sql`select concat_ws(' ', ${sql.join(textColumnsOf(table), sql`, `)}) as text from ${table}`,
      ),
      sql` union all `,
    );
    const keys = await db.transaction(async (tx) => {
      const rows = rowsOf<{ key: string; in_use: string | number }>(
        await tx.execute(sql`
          with named as (
            -- What follows each "uploads/" in the text: "<month>/<uuid>..." (no regular expression:
            -- splitting is several times faster on a large site).
            select distinct substring(part.text from 9 for 36) as id
            from (${texts}) n, unnest(string_to_array(n.text, 'uploads/')) with ordinality as part(text, i)
            where strpos(n.text, 'uploads/') > 0 and part.i > 1
          ),
          gone as (
            delete from ${media} m
            where m.created_at < ${before.toISOString()}::timestamptz
              and m.claimed_at < ${before.toISOString()}::timestamptz
              and m.storage_key ~ ${SWEPT_KEY}
              -- A file an admin described in the media library is kept for later use.
              and m.alt = '' and m.caption = ''
              and not exists (select 1 from named where named.id = substring(m.storage_key from 9 for 36))
            returning m.storage_key
          )
          select gone.storage_key as key,
                 (select count(*) from ${media} m where exists (select 1 from named where named.id = substring(m.storage_key from 9 for 36))) as in_use
          from gone`),
      );
      // Content that names none of the uploads while many wait to go: the wrong database (or its
      // content lost), not a site whose every upload is unused. Nothing is removed.
      if (rows.length > UNUSED_WITHOUT_ANY_IN_USE && Number(rows[0].in_use) === 0) {
        throw new Error(
          `${rows.length} uploads are used by no post, page or account in this database, and no upload is in use at all, so none was removed: check that DATABASE_URL (or DATA_DIR) is this site's database.`,
        );
      }
      return rows.map((row) => row.key);
    });
    let removed = 0;
    for (const key of keys) {
      for (const file of storedKeysOf(key)) {
        // A file left behind here (the store not answering) has no record now: the next sweep's
        // check for files no record names removes it.
        await store.delete(file).then(
          () => removed++,
          () => {},
        );
      }
    }
    return removed;
  }

  return {
    store,

    /**
     * An upload from a request body: streamed to disk, checked, stored, recorded. `limited`: the
     * uploader is not an admin, so UPLOADS_PER_HOUR and UPLOAD_QUOTA_BYTES apply (checked before
     * the file is read, and again, under a lock of the account, when it is recorded).
     */
    async ingest(
      source: UploadSource,
      meta: {
        purpose: UploadPurpose;
        declaredLength?: number;
        fileName?: string;
        uploadedBy?: string | null;
        limited?: boolean;
      },
    ): Promise<StoredMedia> {
      const fileName = checkFileName(meta.fileName);
      const limit = meta.purpose === "pdf" ? options.maxPdfBytes : options.maxImageBytes;
      const limitMessage =
        meta.purpose === "pdf"
          ? `This PDF is too large: PDFs can be at most ${megabytes(limit)}.`
          : `This image is too large: images can be at most ${megabytes(limit)}.`;
      // Refused before reading a byte when the request says how big it is.
      if (meta.declaredLength !== undefined && meta.declaredLength > limit) {
        if (source instanceof Readable) source.destroy();
        throw new UploadError(limitMessage, 413);
      }
      const limited = Boolean(meta.limited && meta.uploadedBy);
      if (limited) {
        try {
          // A PDF is stored as sent: its size counts at once. An image is re-encoded first.
          checkLimits(await usageOf(db, meta.uploadedBy!), meta.purpose === "pdf" ? meta.declaredLength : undefined);
        } catch (error) {
          if (source instanceof Readable) source.destroy();
          throw error;
        }
      }
      const spooled = await spool(source, limit, limitMessage);
      try {
        return await ingestFile(spooled.file, spooled.size, {
          purpose: meta.purpose,
          fileName,
          uploadedBy: meta.uploadedBy ?? null,
          limited,
        });
      } finally {
        await fsp.rm(spooled.file, { force: true });
      }
    },

    /** The same path for files the application makes itself (the demo content). */
    async ingestBuffer(bytes: Buffer, meta: { purpose: UploadPurpose; fileName?: string }) {
      return this.ingest(Readable.from([bytes]), { ...meta, declaredLength: bytes.length });
    },

    /** A stored file by its URL path after /uploads/, or null. */
    async open(key: string, range?: { start: number; end: number }) {
      if (!isStorageKey(key)) return null;
      return store.get(key, range);
    },

    /**
     * True when `url` is a file this site stored, of that kind (forms only accept those). The file
     * is claimed as it is checked: the sweep of unused uploads then leaves it alone for its grace
     * period, long enough for the save that attaches it. (A file the sweep removed first is not
     * stored any more, and the form says to upload it again.)
     */
    async isStored(url: string, kind: "image" | "pdf"): Promise<boolean> {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
      const [row] = await db
        .update(media)
        .set({ claimedAt: sql`now()` })
        .where(and(eq(media.storageKey, url.slice(UPLOADS_URL_PREFIX.length)), eq(media.kind, kind)))
        .returning({ id: media.id });
      return Boolean(row);
    },

    /**
     * Claims the uploads that rich text (or any saved text) names, as `isStored` does for a field
     * that holds one file, before the text is saved. Addresses that name no stored file are left
     * as they are: old text may link to a file removed long ago.
     */
    async claimNamedIn(...texts: string[]): Promise<void> {
      const ids = new Set<string>();
      for (const text of texts) for (const match of text.matchAll(new RegExp(NAMED_UPLOAD, "g"))) ids.add(match[1]);
      if (ids.size === 0) return;
      await db
        .update(media)
        .set({ claimedAt: sql`now()` })
        .where(inArray(sql`substring(${media.storageKey} from 9 for 36)`, [...ids]));
    },

    /** Removes a stored file (and an image's resized copies) and its record. */
    async removeByUrl(url: string) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      if (!isStorageKey(key)) return;
      await db.delete(media).where(eq(media.storageKey, key));
      await Promise.all(storedKeysOf(key).map((k) => store.delete(k).catch(() => {})));
    },

    /**
     * Removes what interrupted work left behind, written before `cutoff`: stored files no media
     * record names (the process stopped between storing an upload and recording it, or between
     * forgetting one and deleting it), half-written files, and upload scratch files. Files written
     * after `cutoff` may belong to an upload still in progress and are kept.
     *
     * With `unusedBefore`, also uploads no content uses (replaced photos and images, withdrawn
     * files, uploads never attached to anything), recorded and last claimed before it: their
     * records first, then their files. Returns the number of files removed.
     */
    async removeUnreferenced(cutoff: Date, sweep: { unusedBefore?: Date } = {}): Promise<number> {
      let removed = sweep.unusedBefore ? await removeUnused(sweep.unusedBefore) : 0;
      const referenced = new Set<string>();
      for (const row of await db.select({ key: media.storageKey }).from(media)) {
        for (const key of storedKeysOf(row.key)) referenced.add(key);
      }
      let stored = 0;
      const leftovers: string[] = [];
      for await (const file of store.list()) {
        if (isStorageKey(file.key)) stored++;
        if (file.modifiedAt >= cutoff) continue;
        const leftover = isStorageKey(file.key) ? !referenced.has(file.key) : isPartialWrite(file.key);
        if (leftover) leftovers.push(file.key);
      }
      // Interrupted uploads leave a few files. A database that names none of the stored files, or
      // most of them gone, means the wrong database or a store shared with another site: nothing
      // is removed then, and the operator is told.
      const orphans = leftovers.filter(isStorageKey).length;
      if ((referenced.size === 0 && orphans > 0) || (orphans > 50 && orphans > stored / 2)) {
        throw new Error(
          `${orphans} of the ${stored} stored uploads are named by no record in this database, so none was removed: check that DATABASE_URL (or DATA_DIR) and the upload store belong to the same site.`,
        );
      }
      for (const key of leftovers) {
        await store.delete(key);
        removed++;
      }
      for (const name of await fsp.readdir(options.tmpDir).catch(() => [])) {
        const scratch = path.join(options.tmpDir, name);
        const stat = await fsp.stat(scratch).catch(() => null);
        if (!stat?.isFile() || !name.endsWith(".upload") || stat.mtime >= cutoff) continue;
        await fsp.rm(scratch, { force: true });
        removed++;
      }
      return removed;
    },

    /**
     * The media library: uploads newest first (`kind`: only images, or only PDFs), each with the
     * records that use it.
     */
    async library(request: PageRequest & { kind?: "image" | "pdf" } = {}): Promise<Page<LibraryItem>> {
      const { limit, startIndex } = normalisePage(request, MEDIA_PAGE_SIZE);
      const rows = await db
        .select()
        .from(media)
        .where(request.kind ? eq(media.kind, request.kind) : undefined)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(limit + 1)
        .offset(startIndex);
      const page = toPage(rows, limit);
      const uses = await usesOf(
        db,
        page.items.map((row) => uploadIdOf(row.storageKey)),
      );
      return {
        hasMore: page.hasMore,
        items: page.items.map((row) => ({
          ...mediaFile(row),
          originalName: row.originalName,
          alt: row.alt,
          caption: row.caption,
          createdAt: row.createdAt,
          uses: uses.get(uploadIdOf(row.storageKey)) ?? [],
        })),
      };
    },

    /**
     * The names the files at these addresses had on the uploader's computer, by address (issue 33:
     * an editor knows a PDF by its own name, not the stored one). A file uploaded without a name
     * is absent.
     */
    async originalNames(urls: string[]): Promise<Map<string, string>> {
      const keys = [...new Set(urls.filter((url) => url.startsWith(UPLOADS_URL_PREFIX)))].map((url) =>
        url.slice(UPLOADS_URL_PREFIX.length),
      );
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: media.storageKey, name: media.originalName })
        .from(media)
        .where(inArray(media.storageKey, keys));
      return new Map(rows.filter((row) => row.name).map((row) => [UPLOADS_URL_PREFIX + row.key, row.name]));
    },

    /** Saves a file's alt text and caption (already checked by the form's schema). */
    async describe(id: string, words: { alt: string; caption: string }) {
      const [row] = isUuid(id)
        ? await db.update(media).set(words).where(eq(media.id, id)).returning({ id: media.id })
        : [];
      if (!row) throw new NotFoundError(FILE_NOT_FOUND);
    },

    /**
     * Deletes an upload no record shows now, and its files; one in use is refused with where it is used.
     * The record is locked while its uses are read: a save that chooses the file meanwhile
     * (`isStored` claims it) waits, then finds it gone and asks for it again.
     */
    async removeUnusedFile(id: string) {
      const key = await db.transaction(async (tx) => {
        const [row] = isUuid(id) ? await tx.select().from(media).where(eq(media.id, id)).for("update") : [];
        if (!row) throw new NotFoundError(FILE_NOT_FOUND);
        const uses = (await usesOf(tx, [uploadIdOf(row.storageKey)])).get(uploadIdOf(row.storageKey)) ?? [];
        // Only what records show now: an earlier version, a preview or a trashed record naming the file
        // does not keep an admin from deleting it (restoring one then asks for another file).
        const current = uses.filter((use) => !use.via);
        if (current.length > 0) throw new ConflictError(FILE_IN_USE(current.map((use) => use.name)));
        await tx.delete(media).where(eq(media.id, id));
        return row.storageKey;
      });
      await Promise.all(storedKeysOf(key).map((k) => store.delete(k).catch(() => {})));
    },

    async head(key: string) {
      if (!isStorageKey(key)) return null;
      return store.head(key);
    },

    /**
     * Makes sure an image's link-preview copy (`<base>-og.jpg`) is stored: images uploaded before
     * it existed get it on its first request, from their main copy, through the store (so on S3
     * too). False when the key names no stored image.
     */
    async ensureSocialCard(key: string): Promise<boolean> {
      const match = SOCIAL_CARD_KEY.exec(key);
      if (!match) return false;
      if (await store.head(key)) return true;
      let pending = makingCards.get(key);
      if (!pending) {
        pending = (async () => {
          const [row] = await db
            .select({ key: media.storageKey })
            .from(media)
            .where(and(eq(media.kind, "image"), sql`${media.storageKey} like ${`${match[1]}-%w.webp`}`))
            .limit(1);
          const main = row && (await store.get(row.key));
          if (!main) return false;
          const chunks: Buffer[] = [];
          for await (const chunk of main.body) chunks.push(Buffer.from(chunk as Uint8Array));
          await store.putBuffer(key, await socialCardOf(Buffer.concat(chunks)), "image/jpeg");
          return true;
        })().finally(() => makingCards.delete(key));
        makingCards.set(key, pending);
      }
      return pending;
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;

/**
 * What each method does to stored files. Not announced: no public page changes until a post,
 * article or section names a file, and that save announces itself.
 */
export const mediaEffects = effectTable({
  // Making a missing link-preview copy changes no content a page shows.
  read: ["open", "isStored", "head", "library", "originalNames", "ensureSocialCard"],
  write: [
    "ingest",
    "ingestBuffer",
    "claimNamedIn",
    "removeByUrl",
    "removeUnreferenced",
    "describe",
    "removeUnusedFile",
  ],
}) satisfies Effects<MediaService>;
