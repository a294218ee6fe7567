import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { gte, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { readershipEvents, readershipSecrets } from "~/db/schema";
import { repeatEvery } from "~/services/repeating-job.server";

import type { Read } from "./classify";

/**
 * Counting on one server (decision 043): each read is appended to this server's spool file before
 * its answer's headers leave, then moved to `readership_events` in batches. A SIGKILL cannot lose a
 * line the kernel has; a line sent twice is stored once (its id is the instance's and its number).
 */

/** Who read, as far as counting needs: never stored (its hash with the day's secret is). */
export type Reader = {
  address: string;
  userAgent: string;
  robot: boolean;
  /** The referring site's host; "" none; null this site. */
  referrerHost: string | null;
  country: string | null;
};

export type Counting = {
  /**
   * Queues one read and writes it to the spool at once: `queue` and `writeQueued` in one (tests; the
   * server queues its answers' reads and writes them once a turn, decision 049).
   */
  record(read: Read, reader: Reader, at?: Date): void;
  /**
   * Takes one read for the spool, written by the next `writeQueued` (or flush): many answers' reads
   * then go to disk in one write, each before its answer leaves (server/pipeline/readership.server.ts).
   */
  queue(read: Read, reader: Reader, at?: Date): void;
  /** Writes the queued reads to the spool. */
  writeQueued(): void;
  /** Moves every spooled line to the database now (tests, and before a clean stop). */
  flush(): Promise<number>;
  /** Flushes what it can and stops the timers; the spool file stays if a flush failed. */
  stop(): Promise<void>;
};

export type CountingOptions = {
  db: Database;
  /** The spools live in `<dataDir>/readership`. */
  dataDir: string;
  flushEveryMs?: number;
  /** Lines kept in memory for the next flush at most (tests make it small). */
  unsentInMemory?: number;
};

const SPOOL_DIRECTORY = "readership";
/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 500;
/** A spool wholly sent is started afresh once this large, or this old (the events table keeps two days). */
const ROTATE_AFTER_BYTES = 4 * 1024 * 1024;
const ROTATE_AFTER_MS = 3_600_000;
const SECRETS_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** Readers whose hashes are kept at once (some 200 bytes each). */
const REMEMBERED_READERS = 10_000;
/** Lines kept in memory for the next flush at most (some 300 bytes each); past it, the flush reads the disk. */
const UNSENT_IN_MEMORY = 100_000;
/** What one flush reads of the spool at most when it reads the disk. */
const DISK_CHUNK_BYTES = 8 * 1024 * 1024;
/** COUNTER's double-click window. */
const DOUBLE_CLICK_MS = 30_000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The secrets of yesterday, today and tomorrow: made ahead by whichever server asks first, so every
 * server hashes a reader to the same value.
 */
async function loadSecrets(db: Database, now = new Date()): Promise<Map<string, Buffer>> {
  const days = [-1, 0, 1].map((offset) => dayOf(new Date(now.getTime() + offset * DAY_MS)));
  await db
    .insert(readershipSecrets)
    .values(days.slice(1).map((day) => ({ day, secret: randomBytes(32).toString("base64") })))
    .onConflictDoNothing();
  const rows = await db.select().from(readershipSecrets).where(gte(readershipSecrets.day, days[0]));
  return new Map(rows.map((row) => [row.day, Buffer.from(row.secret, "base64")]));
}

/**
 * The reader as COUNTER traces double clicks (address + user agent), hashed with the day's secret;
 * with the hour it is COUNTER's surrogate session for unique items (the summing adds the hour).
 */
export function readerHash(secret: Buffer, reader: Pick<Reader, "address" | "userAgent">): string {
  return createHmac("sha256", secret)
    .update(`${reader.address}\u0000${reader.userAgent}`)
    .digest("base64url")
    .slice(0, 22);
}

/** A search's words are never kept: only a hash with the day's secret, for the double-click rule. */
function searchTarget(secret: Buffer, target: string): string {
  return `q${createHmac("sha256", secret).update(target).digest("base64url").slice(0, 16)}`;
}

export type SpoolLine = [
  id: string,
  at: number,
  reader: string,
  kind: string,
  itemType: string,
  target: string,
  referrerHost: string | null,
  country: string | null,
  robot: 0 | 1,
];

function rowOf(line: SpoolLine): typeof readershipEvents.$inferInsert {
  const [id, at, reader, kind, itemType, target, referrerHost, country, robot] = line;
  return {
    id,
    at: new Date(at),
    reader,
    kind,
    itemType,
    target: target.slice(0, 500),
    referrerHost,
    country,
    robot: robot === 1,
  };
}

/** Complete lines of `text` parsed; a torn last line (the process died mid-write) is left out. */
function linesOf(text: string): SpoolLine[] {
  const lines: SpoolLine[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      const parsed = JSON.parse(line) as SpoolLine;
      if (Array.isArray(parsed) && parsed.length === 9) lines.push(parsed);
    } catch {
      // A line cut short by a kill: its read was never answered.
    }
  }
  return lines;
}

/**
 * The lines without the double clicks inside them: a read followed within 30 seconds by the same
 * reader's read of the same address is the one COUNTER's rule drops, so it need not be stored (the
 * summing applies the rule again across batches). A reload storm or a feed poller then costs the
 * database one row, not one per request. Robots' reads have no reader and are all kept.
 */
export function withoutDoubleClicks(lines: SpoolLine[]): SpoolLine[] {
  const kept: (SpoolLine | null)[] = [];
  const lastOf = new Map<string, number>();
  for (const line of lines) {
    const [, at, reader, kind, itemType, target, , , robot] = line;
    if (robot === 1 || !reader) {
      kept.push(line);
      continue;
    }
    const key = `${reader}\u0000${kind}\u0000${itemType}\u0000${target}`;
    const previous = lastOf.get(key);
    if (previous !== undefined && at - kept[previous]![1] <= DOUBLE_CLICK_MS) kept[previous] = null;
    lastOf.set(key, kept.length);
    kept.push(line);
  }
  return kept.filter((line): line is SpoolLine => line !== null);
}

async function store(db: Database, lines: SpoolLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += INSERT_BATCH) {
    await db
      .insert(readershipEvents)
      .values(lines.slice(i, i + INSERT_BATCH).map(rowOf))
      .onConflictDoNothing({ target: readershipEvents.id });
  }
}

/** The spools this process writes (a process runs one counting; tests may run two). */
const ownInstances = new Set<string>();

/** Whether the process that wrote a spool may still be writing it (a pid this process has now is an earlier one's). */
function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** How much of a spool was sent: kept beside it, so a spool is never sent again from its start. */
const sentFileOf = (spool: string) => `${spool}.sent`;

function sentOf(spool: string): number {
  try {
    return Number(fs.readFileSync(sentFileOf(spool), "utf8")) || 0;
  } catch {
    return 0;
  }
}

/**
 * Sends the spools of servers that died before sending them (their file names start with their
 * pid), from where each stopped, and removes them.
 */
async function recoverSpools(db: Database, directory: string, own: string): Promise<number> {
  let recovered = 0;
  for (const name of fs.readdirSync(directory)) {
    const pid = Number(/^(\d+)-.*\.spool$/.exec(name)?.[1]);
    if (!pid || name === own || alive(pid) || [...ownInstances].some((instance) => name.startsWith(`${instance}-`)))
      continue;
    const file = path.join(directory, name);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (error) {
      // Another server of this data directory took it first.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const lines = linesOf(bytes.subarray(sentOf(file)).toString("utf8"));
    await store(db, withoutDoubleClicks(lines));
    fs.rmSync(file, { force: true });
    fs.rmSync(sentFileOf(file), { force: true });
    recovered += lines.length;
  }
  return recovered;
}

export async function startCounting(options: CountingOptions): Promise<Counting> {
  const { db } = options;
  const directory = path.join(options.dataDir, SPOOL_DIRECTORY);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const instance = `${process.pid}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
  ownInstances.add(instance);

  /**
   * Readers' hashes by day, address and user agent: a reader reads several pages, and an HMAC was a
   * sixth of a cached page's CPU (bench --counting). Forgotten whole when full.
   */
  const hashes = new Map<string, string>();
  const hashOf = (day: string, secret: Buffer, reader: Reader) => {
    const key = `${day}\u0000${reader.address}\u0000${reader.userAgent}`;
    let hash = hashes.get(key);
    if (hash === undefined) {
      if (hashes.size >= REMEMBERED_READERS) hashes.clear();
      hash = readerHash(secret, reader);
      hashes.set(key, hash);
    }
    return hash;
  };

  let secrets = new Map<string, Buffer>();
  // Should the database not answer, reads are still counted, with a secret this server alone knows.
  const ownSecret = randomBytes(32);
  const refreshSecrets = async () => {
    secrets = await loadSecrets(db);
    // A hash made with this server's own secret (the database did not answer) is not kept past it.
    hashes.clear();
  };
  try {
    await refreshSecrets();
  } catch (error) {
    console.error(
      `Readership: the day's secret could not be read, counting with this server's own: ${(error as Error).message}`,
    );
  }

  let generation = 0;
  let sequence = 0;
  let spool = "";
  let fd = -1;
  /** Bytes of the spool sent to the database, and of it written. */
  let sent = 0;
  let written = 0;
  let openedAt = 0;
  /**
   * The lines written and not yet sent, as written: the spool on disk is what survives a kill, and
   * is read back only then (recoverSpools). Reading each line back and parsing it every second was a
   * good part of counting's cost on the cached path (bench --counting).
   */
  let unsent: (SpoolLine | null)[] = [];
  /**
   * Where each reader's latest unsent read of each address is in `unsent`: a read's double click
   * (the same reader's read of the same address within 30 s) takes its place at once, so memory holds
   * one line per reader and address, not every reload until the flush (those lines outlived the young
   * generation, and the collector's work grew with the cached path's rate: bench --counting).
   */
  let latest = new Map<Read, Map<string, number>>();
  /** Whether the flush reads the spool from disk (memory let go of the lines while the database was away). */
  let fromDisk = false;
  const openSpool = () => {
    spool = path.join(directory, `${instance}-${generation++}.spool`);
    fd = fs.openSync(spool, "a+", 0o600);
    sent = 0;
    written = 0;
    openedAt = Date.now();
  };
  openSpool();

  // The day of a read, worked out again only when a day ends (a Date's ISO text per read cost more).
  let dayStart = 0;
  let dayEnd = 0;
  let today = "";
  const dayAt = (time: number) => {
    if (time >= dayEnd || time < dayStart) {
      dayStart = time - (time % DAY_MS);
      dayEnd = dayStart + DAY_MS;
      today = dayOf(new Date(dayStart));
    }
    return today;
  };

  /** Lines queued for the spool and not yet written (writeQueued writes them with one call). */
  let queued = "";
  const writeQueued = () => {
    if (!queued) return;
    const text = queued;
    queued = "";
    try {
      written += fs.writeSync(fd, text);
    } catch (error) {
      // A full disk: these reads are still sent from memory, but would not survive a kill.
      console.error(`Readership: reads not written to the spool: ${(error as Error).message}`);
    }
  };
  const queue: Counting["queue"] = (read, reader, at) => {
    const time = at ? at.getTime() : Date.now();
    const day = at ? dayOf(at) : dayAt(time);
    const secret = secrets.get(day) ?? ownSecret;
    const line: SpoolLine = [
      `${instance}.${sequence++}`,
      time,
      reader.robot ? "" : hashOf(day, secret, reader),
      read.kind,
      read.itemType,
      read.kind === "search" ? searchTarget(secret, read.target) : read.target,
      reader.referrerHost,
      reader.country,
      reader.robot ? 1 : 0,
    ];
    try {
      queued += `${JSON.stringify(line)}\n`;
      if (fromDisk) return;
      // The database has not taken lines for a while: memory stops holding them, the disk has them.
      if (unsent.length >= (options.unsentInMemory ?? UNSENT_IN_MEMORY)) {
        fromDisk = true;
        unsent = [];
        latest = new Map();
      } else {
        if (line[2]) {
          let readers = latest.get(read);
          if (!readers) latest.set(read, (readers = new Map()));
          const previous = readers.get(line[2]);
          if (previous !== undefined && time - unsent[previous]![1] <= DOUBLE_CLICK_MS) unsent[previous] = null;
          readers.set(line[2], unsent.length);
        }
        unsent.push(line);
      }
    } catch (error) {
      // A full disk loses this read, never the answer.
      console.error(`Readership: a read was not counted: ${(error as Error).message}`);
    }
  };

  let recovered = false;
  const flushOnce = async (): Promise<number> => {
    writeQueued();
    if (!recovered) {
      await recoverSpools(db, directory, path.basename(spool));
      recovered = true;
    }
    // A spool wholly sent is started afresh once large or an hour old, between two reads (no await
    // here): a spool never holds reads older than the events table keeps, should it be sent again.
    if (
      written === sent &&
      written > 0 &&
      (written >= ROTATE_AFTER_BYTES || Date.now() - openedAt >= ROTATE_AFTER_MS)
    ) {
      const old = { fd, spool };
      openSpool();
      fs.closeSync(old.fd);
      fs.rmSync(old.spool, { force: true });
      fs.rmSync(sentFileOf(old.spool), { force: true });
      return 0;
    }
    if (fromDisk) return flushFromDisk();
    if (!unsent.length) return 0;
    // What is written from here on goes with the next flush.
    const lines = unsent.filter((line): line is SpoolLine => line !== null);
    const through = written;
    unsent = [];
    latest = new Map();
    try {
      await store(db, withoutDoubleClicks(lines));
    } catch (error) {
      // Sent again with the next flush (a line stored twice is stored once); from the disk if
      // memory let go of the lines meanwhile.
      if (!fromDisk) {
        unsent = [...lines, ...unsent];
        latest = new Map();
      }
      throw error;
    }
    sent = through;
    fs.writeFileSync(sentFileOf(spool), String(sent), { mode: 0o600 });
    return lines.length;
  };
  /** Sends the next part of the spool as written, up to a whole line; back to memory once all is sent. */
  const flushFromDisk = async (): Promise<number> => {
    if (sent === written) {
      fromDisk = false;
      return 0;
    }
    const buffer = Buffer.alloc(Math.min(written - sent, DISK_CHUNK_BYTES));
    fs.readSync(fd, buffer, 0, buffer.length, sent);
    // Only whole lines: a chunk's last one may be cut, and goes with the next.
    const end = buffer.lastIndexOf(0x0a) + 1;
    const lines = linesOf(buffer.subarray(0, end).toString("utf8"));
    await store(db, withoutDoubleClicks(lines));
    sent += end;
    fs.writeFileSync(sentFileOf(spool), String(sent), { mode: 0o600 });
    return lines.length;
  };
  // One flush at a time: the timer's and a caller's would read the same lines and race on the files.
  let flushing: Promise<number> = Promise.resolve(0);
  const flush = () => {
    flushing = flushing.catch(() => 0).then(flushOnce);
    return flushing;
  };

  const stopFlushing = repeatEvery(options.flushEveryMs ?? 1000, "Readership counting", async () => {
    await flush();
  });
  const stopSecrets = repeatEvery(SECRETS_EVERY_MS, "Readership's secret of the day", refreshSecrets);

  return {
    record(read, reader, at) {
      queue(read, reader, at);
      writeQueued();
    },
    queue,
    writeQueued,
    flush,
    async stop() {
      ownInstances.delete(instance);
      stopFlushing();
      stopSecrets();
      try {
        await flush();
        fs.closeSync(fd);
        fs.rmSync(spool, { force: true });
        fs.rmSync(sentFileOf(spool), { force: true });
      } catch (error) {
        console.error(`Readership: reads left in the spool for the next start: ${(error as Error).message}`);
      }
    },
  };
}

/** Deletes the secrets older than `days` days: after that, no reader's hash can be tied to anyone. */
export async function forgetSecrets(db: Database, days: number, now = new Date()): Promise<void> {
  await db.execute(
    sql`delete from ${readershipSecrets} where day < ${dayOf(new Date(now.getTime() - days * DAY_MS))}::date`,
  );
}
