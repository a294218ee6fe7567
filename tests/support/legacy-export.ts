/**
 * The earlier system's data (../shared/EARLIER-SYSTEM-DATA.md) as its operators export it, made by
 * the tests: documents with hostile content, and writers for the three export shapes (a mongodump
 * folder, plain or gzipped; a mongodump archive, plain or gzipped; a mongoexport folder, JSON Lines
 * or arrays, canonical or relaxed Extended JSON). BSON comes from the official `bson` package.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

import bcrypt from "bcryptjs";
import { BSON, EJSON, Long, ObjectId } from "bson";

import { landscapeImage } from "~/demo/images.server";
import { renderPdf } from "~/demo/pdf.server";

export type Collections = Record<string, Record<string, unknown>[]>;

export const OLD_PASSWORD = "old-password-1";
const DB = "cpscr";

/** A stand-in for the external image host: good files, a 404, a slow one, one of the wrong type. */
export async function startImageHost() {
  const png = (await landscapeImage(3, 320, 180)).bytes;
  const pdf = renderPdf([{ text: "An old article", style: "title" }], { title: "An old article", author: "Tests" });
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? "";
    requests.push(url);
    if (url.includes("/good")) res.writeHead(200, { "content-type": "image/webp" }).end(png);
    else if (url.endsWith(".pdf") && url.includes("/paper"))
      res.writeHead(200, { "content-type": "application/pdf" }).end(pdf);
    else if (url.includes("/slow"))
      setTimeout(() => res.writeHead(200, { "content-type": "image/webp" }).end(png), 3000);
    else if (url.includes("/wrong"))
      res.writeHead(200, { "content-type": "text/html" }).end("<script>alert(1)</script>");
    else if (url.includes("/fake")) res.writeHead(200, { "content-type": "image/png" }).end("<svg onload=alert(1)>");
    else res.writeHead(404, { "content-type": "text/plain" }).end("gone");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo-cloud/image/upload`;
  return {
    base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const day = (n: number) => new Date(Date.UTC(2023, 0, 1 + n, 9, 30));

/** The earlier system's collections, with every awkward case an old site may hold. */
export function legacyCollections(host: string) {
  const ids = {
    admin: new ObjectId(),
    editor: new ObjectId(),
    googleUser: new ObjectId(),
    oddName: new ObjectId(),
    noEmail: new ObjectId(),
    faculty: new ObjectId(),
    faculty2: new ObjectId(),
    facultyDuplicate: new ObjectId(),
    department: new ObjectId(),
    department2: new ObjectId(),
    orphanDepartment: new ObjectId(),
    posts: Array.from({ length: 8 }, () => new ObjectId()),
    journal: new ObjectId(),
    journal2: new ObjectId(),
    course: new ObjectId(),
  };
  const hash = bcrypt.hashSync(OLD_PASSWORD, 10);
  const collections: Collections = {
    users: [
      {
        _id: ids.admin,
        username: "oldadmin",
        email: "old.admin@example.edu",
        password: hash.replace(/^\$2b\$/, "$2a$"),
        profilePhoto: `${host}/v1/good-avatar.png`,
        isAdmin: true,
        createdAt: day(0),
        updatedAt: day(1),
      },
      {
        _id: ids.editor,
        username: "writer",
        email: "writer@example.edu",
        password: hash,
        profilePhoto: `${host}/v1/placeholder.png`,
        isAdmin: false,
        createdAt: day(2),
        updatedAt: day(2),
      },
      {
        _id: ids.googleUser,
        username: "Ama Mensah",
        email: "ama.mensah@example.edu",
        password: bcrypt.hashSync("random-google-secret", 4),
        isAdmin: false,
        createdAt: day(3),
        updatedAt: day(3),
      },
      { _id: ids.noEmail, username: "ghost", password: hash, isAdmin: false },
    ],
    faculties: [
      { _id: ids.faculty, name: "Faculty of Social Sciences", createdAt: day(1), updatedAt: day(1) },
      { _id: ids.faculty2, name: "Faculty of Law", createdAt: day(1), updatedAt: day(1) },
      { _id: ids.facultyDuplicate, name: "faculty of law", createdAt: day(2), updatedAt: day(2) },
    ],
    departments: [
      {
        _id: ids.department,
        name: "Peace Studies",
        faculty: ids.faculty,
        departimage: `${host}/v1/good-department.png`,
        content: "We study peace.\n\nAnd conflict.",
        createdAt: day(2),
        updatedAt: day(2),
      },
      { _id: ids.department2, name: "Human Rights Law", faculty: ids.facultyDuplicate, content: "" },
      { _id: ids.orphanDepartment, name: "Lost Department", faculty: new ObjectId() },
    ],
    courses: [
      {
        _id: ids.course,
        name: "Introduction to Peace",
        code: "pcs101",
        description: "Basics",
        credits: 3,
        semester: "First",
        department: ids.department,
        faculty: ids.faculty,
        createdAt: day(3),
        updatedAt: day(3),
      },
      {
        _id: new ObjectId(),
        name: "Duplicate",
        code: "PCS101",
        credits: 3,
        semester: "First",
        department: ids.department,
        faculty: ids.faculty,
      },
      {
        _id: new ObjectId(),
        name: "Odd course",
        code: "LAW200",
        credits: 12,
        semester: "Summer",
        department: ids.department2,
        faculty: ids.faculty2,
      },
      {
        _id: new ObjectId(),
        name: "Orphan course",
        code: "ORP100",
        semester: "Both",
        department: new ObjectId(),
        faculty: ids.faculty,
      },
    ],
    posts: [
      {
        _id: ids.posts[0],
        userId: ids.admin.toHexString(),
        title: "Welcome back",
        slug: "welcome-back",
        category: "news",
        image: `${host}/v1/good-cover.png`,
        content: `<p>Hello <script>alert("x")</script><img src="${host}/v1/good-inline.png" onerror="alert(1)"></p><a href="javascript:alert(1)">click</a><iframe src="https://evil.example/"></iframe>`,
        createdAt: day(10),
        updatedAt: day(11),
      },
      {
        _id: ids.posts[1],
        userId: ids.editor.toHexString(),
        title: "Welcome back",
        slug: "welcome-back",
        category: "exams",
        image: `${host}/v1/missing.png`,
        content: `<p>Same title and slug</p><img src="${host}/v1/wrong-type.png"><img src="${host}/v1/slow.png">`,
        createdAt: day(12),
        updatedAt: day(12),
      },
      {
        _id: ids.posts[2],
        userId: new ObjectId().toHexString(),
        title: "By someone gone",
        slug: "By Someone Gone!",
        category: "Campus Life",
        image: `${host}/v1/fake.png`,
        content: `<p>Read <a href="${host}/v1/paper-one.pdf">the paper</a>.</p>`,
        createdAt: day(13),
        updatedAt: day(13),
      },
      { _id: ids.posts[3], userId: ids.editor.toHexString(), content: "<p>No title, no slug, no dates</p>" },
      {
        _id: ids.posts[4],
        userId: ids.editor.toHexString(),
        title: "Uncategories",
        slug: "uncategories-post",
        category: "uncategories",
        content: '<p onclick="steal()">Plain</p><style>body{}</style>',
        createdAt: day(14),
        updatedAt: day(14),
      },
    ],
    journals: [
      {
        _id: ids.journal,
        filename: "Conflict and Cooperation",
        file: `${host}/v1/paper-article.pdf`,
        details: `<p>Abstract</p><script>document.cookie</script><img src="x" onerror="alert(1)">`,
        slug: "conflict-and-cooperation",
        createdAt: day(5),
        updatedAt: day(6),
      },
      {
        _id: ids.journal2,
        filename: "Missing file",
        file: `${host}/v1/paper-missing.pdf-404`,
        details: "Plain text details",
        slug: "missing-file",
        createdAt: day(7),
        updatedAt: day(7),
      },
    ],
    sitesettings: [
      {
        _id: new ObjectId(),
        about: { title: "About the centre", mission: "Peace", vcimage: `${host}/v1/good-vc.png` },
        homepage: { title: "Welcome", subtitle: "To the centre", homeimage: `${host}/v1/good-home.png` },
        blog: { title: "News" },
        createdAt: day(0),
        updatedAt: day(4),
      },
    ],
    staffs: [
      {
        _id: new ObjectId(),
        vc: {
          name: "Prof. A. Vice",
          post: "Vice-Chancellor",
          email: "vc@example.edu",
          description: "Leads",
          photo: `${host}/v1/good-vc-photo.png`,
        },
        director: { name: "Dr. B. Director", post: "Director", email: "", description: "", photo: "" },
      },
    ],
    announces: [{ _id: new ObjectId(), content: `<p>Call for papers</p><script>alert(2)</script>` }],
    focus: [
      {
        _id: new ObjectId(),
        key: "focusPage",
        title: "Our focus",
        subtitle: "Research",
        content: `<p>Focus</p><img src="${host}/v1/good-focus.png" onload="x()">`,
        images: [{ url: `${host}/v1/good-focus.png`, alt: "focus" }],
        data: { anything: true },
      },
      { _id: new ObjectId(), key: "strangePage", title: "Unknown" },
    ],
  };
  return { collections, ids };
}

/* ---------- writers ---------- */

function metadata(collection: string) {
  return JSON.stringify({
    indexes: [{ v: 2, key: { _id: 1 }, name: "_id_" }],
    uuid: "",
    collectionName: collection,
    type: "collection",
  });
}

/** `mongodump --out DIR [--gzip]`: DIR/cpscr/<collection>.bson(.gz) and .metadata.json(.gz). */
export function writeDumpFolder(folder: string, collections: Collections, options: { gzip?: boolean } = {}) {
  const dir = path.join(folder, DB);
  fs.mkdirSync(dir, { recursive: true });
  for (const [collection, docs] of Object.entries(collections)) {
    const bson = Buffer.concat(docs.map((doc) => Buffer.from(BSON.serialize(doc))));
    const meta = Buffer.from(metadata(collection));
    const suffix = options.gzip ? ".gz" : "";
    fs.writeFileSync(path.join(dir, `${collection}.bson${suffix}`), options.gzip ? zlib.gzipSync(bson) : bson);
    fs.writeFileSync(path.join(dir, `${collection}.metadata.json${suffix}`), options.gzip ? zlib.gzipSync(meta) : meta);
  }
}

const TERMINATOR = Buffer.from([0xff, 0xff, 0xff, 0xff]);
const bsonOf = (doc: Record<string, unknown>) => Buffer.from(BSON.serialize(doc));

/**
 * `mongodump --archive=FILE [--gzip]`: the magic number, the prelude, then the collections' documents
 * in segments of two, interleaved as concurrent dumps write them, each collection ended by an EOF header.
 */
export function writeArchive(file: string, collections: Collections, options: { gzip?: boolean } = {}) {
  const parts: Buffer[] = [Buffer.from([0x6d, 0xe2, 0x99, 0x81])];
  parts.push(bsonOf({ concurrent_collections: 4, version: "0.1", server_version: "6.0.5", tool_version: "100.7.0" }));
  for (const collection of Object.keys(collections))
    parts.push(bsonOf({ db: DB, collection, metadata: metadata(collection), size: 0, type: "collection" }));
  parts.push(TERMINATOR);
  const queues = Object.entries(collections).map(([collection, docs]) => ({ collection, docs: [...docs] }));
  while (queues.some((q) => q.docs.length)) {
    for (const queue of queues) {
      if (!queue.docs.length) continue;
      parts.push(bsonOf({ db: DB, collection: queue.collection, EOF: false }));
      for (const doc of queue.docs.splice(0, 2)) parts.push(bsonOf(doc));
      parts.push(TERMINATOR);
    }
  }
  for (const { collection } of queues) {
    parts.push(bsonOf({ db: DB, collection, EOF: true, CRC: Long.fromNumber(0) }));
    parts.push(TERMINATOR);
  }
  const bytes = Buffer.concat(parts);
  fs.writeFileSync(file, options.gzip ? zlib.gzipSync(bytes) : bytes);
}

/** `mongoexport --collection C [--jsonArray] [--jsonFormat canonical]`: one <collection>.json each. */
export function writeExportFolder(
  folder: string,
  collections: Collections,
  options: { canonical?: boolean; array?: boolean } = {},
) {
  fs.mkdirSync(folder, { recursive: true });
  for (const [collection, docs] of Object.entries(collections)) {
    const lines = docs.map((doc) => EJSON.stringify(doc, { relaxed: !options.canonical }));
    const text = options.array ? `[${lines.join(",\n")}]` : `${lines.join("\n")}\n`;
    fs.writeFileSync(path.join(folder, `${collection}.json`), text);
  }
}

/** A posts collection of about `megabytes` MB written as a stream (never in memory at once). */
export async function writeLargePosts(file: string, megabytes: number, userId: string, shape: "bson" | "json") {
  const paragraph = `<p>${"Peace and security in the region, studied with care. ".repeat(18)}</p>`;
  const content = paragraph.repeat(10);
  const target = megabytes * 1024 * 1024;
  async function* documents() {
    let written = 0;
    for (let i = 0; written < target; i++) {
      const doc = {
        _id: new ObjectId(),
        userId,
        title: `Bulk post ${i}`,
        slug: `bulk-post-${i}`,
        category: i % 3 === 0 ? "news" : "uncategorized",
        content,
        createdAt: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
        updatedAt: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
      };
      const bytes = shape === "bson" ? Buffer.from(BSON.serialize(doc)) : Buffer.from(`${EJSON.stringify(doc)}\n`);
      written += bytes.length;
      yield bytes;
    }
  }
  await pipeline(documents(), fs.createWriteStream(file));
  return fs.statSync(file).size;
}
