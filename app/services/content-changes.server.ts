import { EventEmitter } from "node:events";

import type { Notifications } from "~/db/client.server";

import { CONTENT_TAGS, type ContentTag } from "./content-tags";
import { noteRead } from "./request-record.server";

export { CONTENT_TAGS, type ContentTag };

const isTag = (value: string): value is ContentTag => (CONTENT_TAGS as readonly string[]).includes(value);

/**
 * How changes reach other processes: PostgreSQL's NOTIFY/LISTEN, or nothing (the embedded database has one
 * process).
 */
export type ChangeTransport = Notifications;

export type ContentChanges = ReturnType<typeof contentChanges>;

export function contentChanges(transport?: ChangeTransport) {
  const local = new EventEmitter();
  local.setMaxListeners(100);
  const origin = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  let stopListening: (() => Promise<void>) | undefined;

  const deliver = (tags: ContentTag[]) => local.emit("change", tags);

  return {
    /** Announces a change: local listeners hear it before this resolves; other servers a moment later. */
    async publish(tags: ContentTag[]) {
      deliver(tags);
      if (transport) {
        await transport
          .send(`${origin}:${tags.join(",")}`)
          .catch((error: unknown) => console.error("content changes: could not notify other servers:", error));
      }
    },
    subscribe(listener: (tags: ContentTag[]) => void): () => void {
      local.on("change", listener);
      return () => local.off("change", listener);
    },
    /** Starts hearing other servers' changes (PostgreSQL only). */
    async start() {
      if (!transport || stopListening) return;
      stopListening = await transport.listen((payload) => {
        // The connection was lost for a while: anything may have changed.
        if (payload === null) return deliver([...CONTENT_TAGS]);
        const [from, list = ""] = payload.split(":");
        if (from === origin) return;
        deliver(list.split(",").filter(isTag));
      });
    },
    async close() {
      await stopListening?.();
      stopListening = undefined;
      local.removeAllListeners();
    },
  };
}

/** What a service method does to stored content. */
export type Effect = "read" | "write";

/**
 * Every method of a service, classified. Declared beside each service with `satisfies`, so a
 * method added without its effect fails the typecheck instead of passing silently as a read.
 */
export type Effects<S> = {
  [K in keyof S as S[K] extends (...args: never[]) => unknown ? K : never]-?: Effect;
};

/**
 * The table of effects from the names of the methods that read and of those that write. Its type
 * keeps every name, so `satisfies Effects<Service>` still fails on a method left out; a method in
 * both lists fails here.
 */
export function effectTable<const R extends string, const W extends string>(
  methods: { read: readonly R[]; write: readonly W[] } & ([R & W] extends [never] ? unknown : { readAndWrite: R & W }),
): Record<R, "read"> & Record<W, "write"> {
  const reads = methods.read.map((name) => [name, "read"]);
  const writes = methods.write.map((name) => [name, "write"]);
  return Object.fromEntries([...reads, ...writes]) as Record<R, "read"> & Record<W, "write">;
}

/**
 * The service with its reads noted (for the page being rendered) and its writes announced. Writes
 * are announced even when they fail part-way: rendering a page again is cheap, a stale page is not.
 */
export function tracked<S extends object>(
  service: S,
  /** The kind each method reads or writes; a function for a method whose kind is in its arguments. */
  tags: ContentTag | Partial<Record<keyof S, ContentTag | ((...args: never[]) => ContentTag)>>,
  effects: Effects<S>,
  changes: ContentChanges,
): S {
  const effectOf = effects as unknown as Partial<Record<keyof S, Effect>>;
  const wrapped = {} as S;
  for (const key of Object.keys(service) as (keyof S)[]) {
    const original = service[key];
    const tag = typeof tags === "string" ? tags : tags[key];
    if (typeof original !== "function" || !tag) {
      wrapped[key] = original;
      continue;
    }
    const method = original as (...args: unknown[]) => unknown;
    const tagOf = (args: unknown[]): ContentTag =>
      typeof tag === "function" ? (tag as (...a: unknown[]) => ContentTag)(...args) : (tag as ContentTag);
    wrapped[key] = (
      effectOf[key] === "write"
        ? async (...args: unknown[]) => {
            try {
              return await method.apply(service, args);
            } finally {
              await changes.publish([tagOf(args)]);
            }
          }
        : (...args: unknown[]) => {
            noteRead(tagOf(args));
            return method.apply(service, args);
          }
    ) as S[keyof S];
  }
  return wrapped;
}

/**
 * The service with some of its reads kept in memory, by their arguments, until their kind of
 * content changes (here, or on another server: as the page cache). For what nearly every page
 * reads and editors rarely change: the site's links and the settings sections. Each caller gets
 * its own copy, so no caller can change what the next one reads.
 */
export function remembered<S extends object>(
  service: S,
  reads: Partial<Record<keyof S, ContentTag>>,
  changes: ContentChanges,
): S {
  const wrapped = { ...service };
  for (const [method, tag] of Object.entries(reads) as [keyof S, ContentTag][]) {
    const read = service[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    const kept = new Map<string, Promise<unknown>>();
    changes.subscribe((tags) => {
      if (tags.includes(tag)) kept.clear();
    });
    (wrapped as Record<keyof S, unknown>)[method] = async (...args: unknown[]) => {
      noteRead(tag);
      const key = JSON.stringify(args);
      let reading = kept.get(key);
      if (!reading) {
        reading = read.apply(service, args);
        kept.set(key, reading);
        // A failed read is not kept.
        const settled = reading;
        settled.catch(() => {
          if (kept.get(key) === settled) kept.delete(key);
        });
      }
      return structuredClone(await reading);
    };
  }
  return wrapped;
}
