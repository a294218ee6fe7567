import { once } from "node:events";
import type { Writable } from "node:stream";

/**
 * Just enough of the tar format (POSIX ustar) for the site's backups: regular files with short
 * names, written and read as streams. Archives open with any tar tool (`tar -tzf`).
 */

const BLOCK = 512;

export class TarError extends Error {}

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, modifiedAt: Date): Buffer {
  const bytes = Buffer.byteLength(name);
  if (bytes > 100) throw new TarError(`The name ${name} is too long for the archive.`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, "utf8");
  block.write(octal(0o644, 8), 100, "latin1");
  block.write(octal(0, 8), 108, "latin1");
  block.write(octal(0, 8), 116, "latin1");
  block.write(octal(size, 12), 124, "latin1");
  block.write(octal(Math.floor(modifiedAt.getTime() / 1000), 12), 136, "latin1");
  block.write("        ", 148, "latin1");
  block.write("0", 156, "latin1");
  block.write("ustar\0", 257, "latin1");
  block.write("00", 263, "latin1");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries into `out` (a gzip stream, usually), waiting whenever it asks to. */
export function tarWriter(out: Writable) {
  const write = async (chunk: Buffer) => {
    if (out.destroyed) throw new TarError("The archive's destination was closed before the end.");
    if (out.write(chunk)) return;
    // Waits for room; a destination closed meanwhile (a reader that went away) ends the wait too.
    const closed = new AbortController();
    await Promise.race([
      once(out, "drain", { signal: closed.signal }),
      once(out, "close", { signal: closed.signal }).then(() => {
        throw new TarError("The archive's destination was closed before the end.");
      }),
    ]).finally(() => closed.abort());
  };
  return {
    /** One file: its bytes must add up to `size` exactly. */
    async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer | Uint8Array>, modifiedAt = new Date()) {
      await write(header(name, size, modifiedAt));
      let written = 0;
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        written += chunk.length;
        if (written > size) throw new TarError(`${name} grew while it was being archived.`);
        await write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
      }
      if (written !== size) throw new TarError(`${name} changed while it was being archived.`);
      await write(padding(size));
    },
    /** The two empty blocks that end an archive. */
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
    },
  };
}

export type TarEntry = { name: string; size: number; body: AsyncIterable<Buffer> };

/** Exactly the bytes asked for from a stream of chunks. */
function byteReader(source: AsyncIterable<Buffer>) {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  const fill = async (needed: number) => {
    while (pending.length < needed && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else pending = pending.length ? Buffer.concat([pending, next.value]) : next.value;
    }
  };
  return {
    /** `count` bytes, or null at the very end of the stream; an end mid-way is an error. */
    async read(count: number): Promise<Buffer | null> {
      await fill(count);
      if (pending.length === 0 && ended) return null;
      if (pending.length < count) throw new TarError("The archive ends too early: it is incomplete.");
      const taken = pending.subarray(0, count);
      pending = pending.subarray(count);
      return taken;
    },
    /** The next `count` bytes as they arrive. */
    async *stream(count: number): AsyncGenerator<Buffer> {
      let left = count;
      while (left > 0) {
        await fill(1);
        if (pending.length === 0) throw new TarError("The archive ends too early: it is incomplete.");
        const taken = pending.subarray(0, Math.min(left, pending.length));
        pending = pending.subarray(taken.length);
        left -= taken.length;
        yield taken;
      }
    },
  };
}

function field(block: Buffer, start: number, length: number) {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/**
 * The entries of an archive in order. Read each entry's body before asking for the next; what is left unread is
 * skipped.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = byteReader(source);
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
    if (sum !== parseInt(field(block, 148, 8).trim(), 8))
      throw new TarError("The archive is damaged (a header's checksum does not match).");
    const prefix = field(block, 345, 155);
    const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    const size = parseInt(field(block, 124, 12).trim() || "0", 8);
    const type = field(block, 156, 1);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError("The archive is damaged (a size is not readable).");
    // The consumer may stop reading part-way; whatever it leaves is skipped before the next header.
    let left = size;
    async function* body() {
      while (left > 0) {
        for await (const chunk of reader.stream(Math.min(left, 1 << 20))) {
          left -= chunk.length;
          yield chunk;
        }
      }
    }
    // Only regular files are part of a backup; anything else is skipped.
    if (type === "0" || type === "") yield { name, size, body: { [Symbol.asyncIterator]: body } };
    for await (const chunk of body()) void chunk;
    const pad = padding(size).length;
    if (pad) await reader.read(pad);
  }
}
