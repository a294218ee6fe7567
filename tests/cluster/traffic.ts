import { randomBytes } from "node:crypto";

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
} from "../support/admin-requests.ts";
import type { Answer, HttpClient } from "./http-client.ts";

/**
 * The mixed load of the cluster test, sent through the load balancer: visitors reading pages, files
 * and the API (signed out, and an admin on the dashboard) while admins upload images and PDFs,
 * publish, edit and delete posts and articles and save settings. Every request is recorded with
 * when it started and ended, so that a failure can be placed against the kill or the restarts; the
 * ledger holds what the site acknowledged, to be found afterwards.
 */

/** `id` is sent as X-Request-Id, which nginx logs: a failure can be looked up in its access log. */
export type RequestRecord = {
  id: string;
  started: number;
  ended: number;
  method: string;
  path: string;
  ok: boolean;
  outcome: string;
  write: boolean;
  /** A signed-out page read with a referring host of its own (readership: each read counted once). */
  referrerHost?: string;
};

/** Settings sections the writers own (each a title and subtitle), and the page that shows each. */
export const WRITER_SECTIONS = {
  calltoaction: "/about",
  howtoapplyone: "/",
  howtoapplytwo: "/",
  howtoapplythree: "/",
} as const;
type Section = keyof typeof WRITER_SECTIONS;

type PostEntry = {
  id: string;
  slug: string;
  title: string;
  image: string;
  busy: boolean;
  deleted: boolean;
  unsure: boolean;
  unsureTitles: string[];
};
type JournalEntry = {
  id: string;
  slug: string;
  filename: string;
  file: string;
  busy: boolean;
  deleted: boolean;
  unsure: boolean;
};

/** A new post's or article's state: no write under way, not deleted, nothing unsure. */
const UNTOUCHED = { busy: false, deleted: false, unsure: false };

/** An acknowledged write, named by what it wrote: checked against the final state afterwards. */
export type Ack =
  | { kind: "upload"; url: string }
  | { kind: "post"; id: string }
  | { kind: "journal"; id: string }
  | { kind: "settings"; section: Section };

export type Ledger = ReturnType<typeof newLedger>;

export function newLedger() {
  return {
    ...newWriteLedger<PostEntry, JournalEntry, Section>(),
    acks: [] as Ack[],
    /** Writes whose answer was not a success: they may or may not have happened. */
    unsure: 0,
  };
}

export type Traffic = {
  records: RequestRecord[];
  ledger: Ledger;
  /** Resolves when every reader and writer has stopped. */
  stop(): Promise<void>;
};

const tag = () => randomBytes(4).toString("hex");

/** The referring sites of counted reads are all under this domain. */
export const READERS_DOMAIN = "readers.example";
/** Pages whose reads the readership figures count as page views (not files, the API or PDFs). */
const COUNTED_PAGE = /^\/(posts|journals|about|programmes|admision)?$|^\/(post|journal)\/[^/]+$/;
const A_BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export function startTraffic(options: {
  client: HttpClient;
  base: string;
  admin: { cookie: string; userId: string };
  demo: { posts: string[]; journals: string[]; asset: string };
  assets: { image: Buffer; pdf: Buffer };
  readers: number;
  signedInReaders: number;
  writers: number;
}): Traffic {
  const { client, base, admin, demo, assets } = options;
  const records: RequestRecord[] = [];
  const ledger = newLedger();
  let stopping = false;
  let sent = 0;
  /** Signed-out readers so far: each read's reader is one of its own. */
  let readers = 0;

  /** One request through the balancer, recorded; `expected` says which answers count as served. */
  async function send(
    method: string,
    pathname: string,
    requestOptions: Parameters<HttpClient["request"]>[2],
    expected: (status: number) => boolean,
    referrerHost?: string,
  ) {
    const id = `load-${++sent}`;
    const started = Date.now();
    const record = (ok: boolean, outcome: string) =>
      records.push({
        id,
        started,
        ended: Date.now(),
        method,
        path: pathname,
        ok,
        outcome,
        write: method !== "GET",
        ...(referrerHost ? { referrerHost } : {}),
      });
    try {
      const answer = await client.request(method, `${base}${pathname}`, {
        ...requestOptions,
        headers: { ...requestOptions?.headers, "x-request-id": id },
      });
      const ok = expected(answer.status);
      record(ok, String(answer.status));
      return { answer, ok };
    } catch (error) {
      record(false, (error as Error).message);
      return { answer: undefined, ok: false };
    }
  }

  async function reader(cookie?: string) {
    while (!stopping) {
      // Posts and articles written during the run are read too, while they change.
      const post = pick([...ledger.posts.values()].filter((p) => !p.busy && !p.deleted && !p.unsure).slice(-20));
      const journal = pick([...ledger.journals.values()].filter((j) => !j.busy && !j.deleted && !j.unsure).slice(-20));
      const postSlug = post?.slug;
      const pathname = pick([
        "/",
        "/posts",
        "/journals",
        "/about",
        "/programmes",
        "/admision",
        `/post/${pick(demo.posts)}`,
        `/journal/${pick(demo.journals)}`,
        post ? `/post/${postSlug}` : "/posts?page=2",
        post ? post.image : demo.asset,
        journal ? `/journal/${journal.slug}` : "/journals",
        journal ? `/journal/${journal.slug}/pdf` : demo.asset,
        demo.asset,
        "/api/post/getposts",
        "/api/journal/getjournals?limit=5",
        ...(cookie ? ["/dashboard?tab=posts", "/dashboard?tab=journals"] : []),
      ])!;
      // A signed-out read of a page is a reader of its own (its browser) from a site of its own: the
      // readership figures must count it exactly once, whichever server answered or died. Its name is
      // digits: random letters once spelt "feed", which makes a user agent a robot's (COUNTER's list).
      const counted = !cookie && COUNTED_PAGE.test(pathname);
      const referrerHost = counted ? `r${++readers}.${READERS_DOMAIN}` : undefined;
      const headers: Record<string, string> = cookie
        ? { cookie }
        : counted
          ? { referer: `https://${referrerHost}/links`, "user-agent": `${A_BROWSER} Reader/${referrerHost}` }
          : {};
      await send(
        "GET",
        pathname,
        { headers },
        (status) => {
          if (status === 200) return true;
          // A post renamed or deleted (or an article deleted) while it was read is rightly a 404.
          const postChanged =
            post &&
            pathname === `/post/${postSlug}` &&
            (post.slug !== postSlug || post.busy || post.deleted || post.unsure);
          const journalChanged =
            journal &&
            pathname.startsWith(`/journal/${journal.slug}`) &&
            (journal.busy || journal.deleted || journal.unsure);
          return status === 404 && Boolean(postChanged || journalChanged);
        },
        referrerHost,
      );
    }
  }

  /** One admin writing in a loop; it changes only its own posts, articles and settings section. */
  async function writer(section: Section | undefined) {
    const mine = { posts: [] as PostEntry[], journals: [] as JournalEntry[] };
    const success = (status: number) => status >= 200 && status < 300;

    /** The JSON of an acknowledged write (recorded as `ack`), or undefined (and the write counted as unsure). */
    async function write(ack: (reply: Record<string, unknown>) => Ack, request: AdminRequest) {
      const { headers, body } = adminRequestInit(request, admin.cookie);
      const { answer, ok } = await send(request.method, request.path, { headers, body, timeoutMs: 60_000 }, success);
      if (!ok) {
        ledger.unsure++;
        return undefined;
      }
      const reply = JSON.parse((answer as Answer).text()) as Record<string, unknown>;
      ledger.acks.push(ack(reply));
      return reply;
    }

    async function upload(kind: "image" | "pdf") {
      const reply = await write((r) => ({ kind: "upload", url: r.url as string }), adminRequests.upload(kind, assets));
      const url = reply?.url as string | undefined;
      if (url) ledger.uploads.set(url, {});
      return url;
    }

    /** Uploads a file, then creates the post or article that uses it; undefined when either was not acknowledged. */
    async function createWith(
      kind: "image" | "pdf",
      record: "post" | "journal",
      request: (url: string) => AdminRequest,
    ) {
      const url = await upload(kind);
      if (!url) return undefined;
      const reply = await write((r) => ({ kind: record, id: createdRecord(r, record).id }), request(url));
      return reply && { record: createdRecord(reply, record), url };
    }

    /** Deletes one of this writer's posts or articles; not knowing whether it happened, marks it unsure. */
    async function remove(kind: "post" | "journal", entries: (PostEntry | JournalEntry)[]) {
      const entry = pick(entries.filter((e) => !e.deleted && !e.unsure));
      if (!entry) return;
      entry.busy = true;
      const request =
        kind === "post"
          ? adminRequests.deletePost(entry.id, admin.userId)
          : adminRequests.deleteJournal(entry.id, admin.userId);
      const reply = await write(() => ({ kind, id: entry.id }), request);
      entry.busy = false;
      if (reply) entry.deleted = true;
      else entry.unsure = true;
    }

    const operations = {
      ...createWrites({
        label: "Cluster",
        tag,
        createWith,
        ledger,
        mine,
        newPost: (created): PostEntry => ({ ...created, ...UNTOUCHED }),
        newJournal: (created): JournalEntry => ({ ...created, ...UNTOUCHED }),
      }),
      async updatePost() {
        const post = pick(mine.posts.filter((p) => !p.deleted && !p.unsure));
        if (!post) return operations.createPost();
        const title = `Cluster post ${tag()} (edited)`;
        // A new title is a new address: between the save and its answer, the old one may be gone.
        post.busy = true;
        const reply = await write(
          () => ({ kind: "post", id: post.id }),
          adminRequests.updatePost(post, admin.userId, title),
        );
        post.busy = false;
        recordRename(post, title, reply ?? "lost");
      },
      deletePost: () => remove("post", mine.posts),
      deleteJournal: () => remove("journal", mine.journals),
      async saveSettings() {
        if (!section) return operations.createPost();
        const save = async (request: AdminRequest) =>
          (await write(() => ({ kind: "settings", section }), request)) ?? "lost";
        await saveHeading(ledger.settings, section, `Heading ${tag()}`, save);
      },
    };
    const weighted = weightedWrites({ createPost: 5, createJournal: 3 });
    while (!stopping) await operations[pick(weighted)!]();
  }

  const sections = Object.keys(WRITER_SECTIONS) as Section[];
  const running = [
    ...Array.from({ length: options.readers }, (_, i) =>
      reader(i < options.signedInReaders ? admin.cookie : undefined),
    ),
    ...Array.from({ length: options.writers }, (_, i) => writer(sections[i])),
  ];
  return {
    records,
    ledger,
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}
