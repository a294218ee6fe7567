import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as schema from "~/db/schema";
import { articles, media, posts, users } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../tests/support/database";
import {
  mediaService,
  storedKeysOf,
  TABLES_NAMING_UPLOADS,
  TABLES_WITHOUT_UPLOADS,
  UPLOAD_QUOTA_BYTES,
  UploadError,
  UPLOADS_PER_HOUR,
} from "./media.server";
import { mediaOptions } from "./media-options.server";
import { UNUSED_UPLOAD_GRACE_MS, UPLOAD_GRACE_MS } from "./uploads-cleanup.server";

/**
 * Uploads no content uses (replaced photos and images, uploads never attached) are removed once
 * their grace has passed; every upload any content names stays, wherever it is named; a save that
 * chooses a file claims it, so the sweep never takes a file from under it; and the upload limits of
 * accounts that are not admins hold when uploads arrive at once.
 */

let database: TestDatabase;
let service: ReturnType<typeof mediaService>;
let options: ReturnType<typeof mediaOptions>;

beforeAll(async () => {
  database = await openTestDatabase();
  options = mediaOptions(database.dataDir);
  service = mediaService(database.db, options);
});
afterAll(async () => {
  await database?.dispose();
});

const DAY = 24 * 3600_000;
/** The server's own sweep: files past UPLOAD_GRACE_MS, unused uploads past UNUSED_UPLOAD_GRACE_MS. */
const sweep = (media = service) =>
  media.removeUnreferenced(new Date(Date.now() - UPLOAD_GRACE_MS), {
    unusedBefore: new Date(Date.now() - UNUSED_UPLOAD_GRACE_MS),
  });
const keyOf = (url: string) => url.slice("/uploads/".length);
const onDisk = (url: string) =>
  storedKeysOf(keyOf(url)).every((key) => fs.existsSync(path.join(database.dataDir, "uploads", ...key.split("/"))));
const recorded = async (url: string) =>
  (
    await database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.storageKey, keyOf(url)))
  ).length === 1;

/** A stored upload (record and files: an image with one smaller copy, or a PDF), recorded `ageMs` ago. */
async function stored(kind: "image" | "pdf", ageMs = 2 * DAY, uploadedBy: string | null = null): Promise<string> {
  const id = randomUUID();
  const key = kind === "image" ? `2026-01/${id}-640w.webp` : `2026-01/${id}.pdf`;
  for (const file of storedKeysOf(key))
    await options.store.putBuffer(file, Buffer.from("x"), kind === "image" ? "image/webp" : "application/pdf");
  const at = new Date(Date.now() - ageMs);
  await database.db.insert(media).values({
    storageKey: key,
    kind,
    contentType: kind === "image" ? "image/webp" : "application/pdf",
    sizeBytes: 1,
    uploadedBy,
    createdAt: at,
    claimedAt: at,
  });
  return `/uploads/${key}`;
}

async function age(url: string) {
  const at = new Date(Date.now() - 2 * DAY);
  await database.db
    .update(media)
    .set({ createdAt: at, claimedAt: at })
    .where(eq(media.storageKey, keyOf(url)));
}

describe(`unused uploads (${testDatabaseKind})`, () => {
  it("every table of the schema is either read for uploads it names or holds none", () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((t) => getTableName(t));
    const classified: string[] = [...TABLES_NAMING_UPLOADS, ...TABLES_WITHOUT_UPLOADS].map((t) => getTableName(t));
    expect(
      tables.filter((t) => !classified.includes(t)),
      "a new table must say whether it can hold an upload's address",
    ).toEqual([]);
  });

  it("a database whose content names none of many unused uploads is the wrong one: nothing is removed", async () => {
    const urls = [];
    for (let i = 0; i < 21; i++) urls.push(await stored("pdf"));
    await expect(sweep()).rejects.toThrow(
      /21 uploads are used by no post, page or account in this database, and no upload is in use at all, so none was removed/,
    );
    for (const url of urls) expect((await recorded(url)) && onDisk(url), url).toBe(true);
    // (Not part of what follows.)
    for (const url of urls) await service.removeByUrl(url);
  });

  it("removes old uploads no content names, records and files; keeps every upload named anywhere, and young ones", async () => {
    const named: Record<string, string> = {};
    const name = async (where: string, kind: "image" | "pdf" = "image") => (named[where] = await stored(kind));
    const img = (url: string) => `<p>Text <img src="${url}" alt="x"></p>`;

    await database.db
      .insert(users)
      .values({ id: "u1", name: "U", email: "u1@example.edu", image: await name("a profile photo") });
    await database.db.insert(posts).values({
      slug: "p",
      title: "P",
      image: await name("a post's image"),
      content: img(await name("a post's text")),
    });
    await database.db.insert(articles).values({
      slug: "j",
      title: "J",
      pdf: await name("a journal's PDF", "pdf"),
      abstract: `<a href="https://centre.example.edu${await name("a journal's text (as a full address)", "pdf")}">x</a>`,
    });
    const [faculty] = await database.db.insert(schema.faculties).values({ name: "F" }).returning();
    const [department] = await database.db
      .insert(schema.departments)
      .values({
        name: "D",
        facultyId: faculty.id,
        departimage: await name("a department's image"),
        content: img(await name("a department's text")),
      })
      .returning();
    await database.db.insert(schema.courses).values({
      name: "C",
      code: "C 1",
      semester: "First",
      description: `Reading: ${await name("a course's description", "pdf")}`,
      departmentId: department.id,
      facultyId: faculty.id,
    });
    await database.db.insert(schema.siteSettings).values({
      section: "about",
      fields: { vcimage: await name("a settings image"), intro: img(await name("a settings text")) },
    });
    await database.db.insert(schema.siteSettings).values({
      section: "links",
      fields: {
        footerColumns: [{ title: "Forms", links: [{ label: "Form", href: await name("a site link", "pdf") }] }],
      },
    });
    await database.db.insert(schema.staff).values({
      role: "director",
      name: "S",
      photo: await name("a staff photo"),
      description: img(await name("a staff description")),
    });
    await database.db.insert(schema.announcement).values({ title: "A", content: img(await name("the announcement")) });
    await database.db.insert(schema.focusPages).values({ key: "homePage", content: img(await name("a focus page")) });

    const unused = [await stored("image"), await stored("pdf")];
    const young = [await stored("image", 60_000), await stored("pdf", DAY - 3600_000)];

    const removed = await sweep();
    expect(removed, "the unused image (three files: itself, a smaller copy, its link-preview copy) and PDF").toBe(4);
    for (const url of unused)
      expect({ recorded: await recorded(url), onDisk: onDisk(url) }, url).toEqual({ recorded: false, onDisk: false });
    for (const [where, url] of Object.entries(named))
      expect({ recorded: await recorded(url), onDisk: onDisk(url) }, where).toEqual({ recorded: true, onDisk: true });
    for (const url of young)
      expect({ recorded: await recorded(url), onDisk: onDisk(url) }, url).toEqual({ recorded: true, onDisk: true });
    expect(Object.keys(named).length).toBe(15);

    // A replaced image: once nothing names it and its grace has passed, it goes too.
    const replaced = named["a post's image"];
    await database.db
      .update(posts)
      .set({ image: await stored("image") })
      .where(eq(posts.slug, "p"));
    expect(await sweep()).toBe(3);
    expect(await recorded(replaced)).toBe(false);
    expect(onDisk(replaced)).toBe(false);
  });

  it("a file a form has just chosen (checked or named in saved text) is claimed: the sweep leaves it for its grace", async () => {
    const chosen = await stored("image");
    const inText = await stored("image");
    const notClaimed = await stored("image");
    expect(await service.isStored(chosen, "image")).toBe(true);
    await service.claimNamedIn(`<p><img src="${inText}"></p>`, "and other fields");
    expect(await sweep()).toBe(3);
    expect(await recorded(notClaimed)).toBe(false);
    for (const url of [chosen, inText])
      expect({ recorded: await recorded(url), onDisk: onDisk(url) }, url).toEqual({ recorded: true, onDisk: true });
    // A day later, still attached to nothing: they go; a form that chooses one now is told to upload it again.
    await age(chosen);
    await age(inText);
    expect(await sweep()).toBe(6);
    expect(await service.isStored(chosen, "image")).toBe(false);
  });

  // Two transactions at once need PostgreSQL (the embedded database runs one at a time): the test
  // is declared only in that run, not skipped in the other.
  if (testDatabaseKind === "postgres")
    it("a save attaching an unused file while the sweep runs keeps it (the sweep waits for the claim, then skips the file)", async () => {
      const file = await stored("image");
      let claimed!: () => void;
      const claimDone = new Promise<void>((resolve) => (claimed = resolve));
      let finish!: () => void;
      const finishSave = new Promise<void>((resolve) => (finish = resolve));
      // A save as the services make it, slowed down: claim the file, then (later) write the post.
      const save = database.db.transaction(async (tx) => {
        await tx
          .update(media)
          .set({ claimedAt: sql`now()` })
          .where(eq(media.storageKey, keyOf(file)));
        claimed();
        await finishSave;
        await tx.insert(posts).values({ slug: "raced", title: "Raced", image: file });
      });
      await claimDone;
      const sweeping = sweep();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finish();
      await save;
      await sweeping;
      expect({ recorded: await recorded(file), onDisk: onDisk(file) }).toEqual({ recorded: true, onDisk: true });
    });
});

describe(`upload limits of accounts that are not admins (${testDatabaseKind})`, () => {
  const png = (seed: number) =>
    sharp({ create: { width: 48, height: 48, channels: 3, background: { r: seed, g: 40, b: 90 } } })
      .png()
      .toBuffer();

  it(`${UPLOADS_PER_HOUR} an hour, also when more arrive at once on two servers`, async () => {
    await database.db.insert(users).values({ id: "burst", name: "B", email: "burst@example.edu" });
    const servers = [service, mediaService(database.db, options)];
    const attempts = await Promise.allSettled(
      Array.from({ length: UPLOADS_PER_HOUR + 5 }, async (_, i) =>
        servers[i % 2].ingest(Readable.from([await png(i)]), {
          purpose: "avatar",
          fileName: "me.png",
          uploadedBy: "burst",
          limited: true,
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled").length).toBe(UPLOADS_PER_HOUR);
    for (const refused of attempts.filter((a) => a.status === "rejected")) {
      const error = (refused as PromiseRejectedResult).reason as UploadError;
      expect(error).toBeInstanceOf(UploadError);
      expect(error.status).toBe(429);
      expect(error.retryAfterSeconds).toBeGreaterThan(3500);
    }
    expect(await database.db.$count(media, eq(media.uploadedBy, "burst"))).toBe(UPLOADS_PER_HOUR);
    // Not limited: the same account's uploads when an admin's (or the site's own).
    await service.ingest(Readable.from([await png(1)]), {
      purpose: "avatar",
      fileName: "me.png",
      uploadedBy: "burst",
      limited: false,
    });
  });

  it("the quota counts what is stored: a file that does not fit is refused, before it is read when its size is known, and leaves nothing behind", async () => {
    await database.db.insert(users).values({ id: "full", name: "F", email: "full@example.edu" });
    await database.db.insert(media).values({
      storageKey: `2020-01/${randomUUID()}.pdf`,
      kind: "pdf",
      contentType: "application/pdf",
      sizeBytes: UPLOAD_QUOTA_BYTES - 20,
      uploadedBy: "full",
      createdAt: new Date(Date.now() - 2 * 3600_000),
    });
    const files = () => fs.readdirSync(path.join(database.dataDir, "uploads"), { recursive: true }).length;
    const before = files();
    // An image: its stored size is known once it is re-encoded, and it is more than 20 bytes.
    const image = await service
      .ingest(Readable.from([await png(3)]), {
        purpose: "avatar",
        fileName: "me.png",
        uploadedBy: "full",
        limited: true,
      })
      .catch((e: UploadError) => e);
    expect(image).toMatchObject({
      status: 413,
      message: expect.stringMatching(
        /^There is no room for this file: your uploads already take 50 MB of the 50 MB an account may store\./,
      ),
    });
    const pdf = renderPdf([{ text: "Too much" }], { title: "x", author: "y" });
    const early = await service
      .ingest(Readable.from([pdf]), {
        purpose: "pdf",
        fileName: "a.pdf",
        declaredLength: pdf.length,
        uploadedBy: "full",
        limited: true,
      })
      .catch((e: UploadError) => e);
    expect(early).toMatchObject({ status: 413 });
    expect(files()).toBe(before);
    expect(fs.readdirSync(path.join(database.dataDir, "tmp"))).toEqual([]);
  });
});
