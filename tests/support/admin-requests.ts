/**
 * The admin writes of the write loads, as requests through the JSON API: the reliability writers
 * (tests/support/admin-writes.ts) and the cluster's (tests/cluster/traffic.ts) send the same ones,
 * each with its own ledger. No imports: `npm run cluster` runs traffic.ts in Node as it is.
 */

export type UploadFile = { bytes: Buffer; type: string; name: string };
export type AdminRequest = { method: "POST" | "PUT" | "DELETE"; path: string; body?: unknown; upload?: UploadFile };
export type AdminWriteName =
  "createPost" | "createJournal" | "updatePost" | "deletePost" | "deleteJournal" | "saveSettings";

export const adminRequests = {
  upload(kind: "image" | "pdf", assets: { image: Buffer; pdf: Buffer }): AdminRequest {
    const upload =
      kind === "image"
        ? { bytes: assets.image, type: "image/png", name: "photo.png" }
        : { bytes: assets.pdf, type: "application/pdf", name: "article.pdf" };
    return { method: "POST", path: `/api/uploads?purpose=${kind}`, upload };
  },
  createPost(title: string, image: string): AdminRequest {
    return {
      method: "POST",
      path: "/api/post/create",
      body: { title, category: "exams", image, content: `<p>${title}</p>` },
    };
  },
  createJournal(filename: string, file: string): AdminRequest {
    return { method: "POST", path: "/api/journal/create", body: { filename, details: "<p>Abstract.</p>", file } };
  },
  updatePost(post: { id: string; image: string }, userId: string, title: string): AdminRequest {
    return {
      method: "PUT",
      path: `/api/post/updatepost/${post.id}/${userId}`,
      body: { title, category: "exams", image: post.image, content: `<p>${title}</p>` },
    };
  },
  deletePost(id: string, userId: string): AdminRequest {
    return { method: "DELETE", path: `/api/post/deletepost/${id}/${userId}` };
  },
  deleteJournal(id: string, userId: string): AdminRequest {
    return { method: "DELETE", path: `/api/journal/deletejournal/${id}/${userId}` };
  },
  saveSettings(section: string, title: string): AdminRequest {
    return { method: "PUT", path: `/api/settings/${section}`, body: { title, subtitle: `Subtitle of ${title}` } };
  },
};

/** The headers and body the request is sent with: an upload's bytes, else its JSON body, if any. */
export function adminRequestInit(request: AdminRequest, cookie: string) {
  const { upload, body } = request;
  const headers: Record<string, string> = { cookie };
  if (upload) Object.assign(headers, { "content-type": upload.type, "x-file-name": upload.name });
  else if (body !== undefined) headers["content-type"] = "application/json";
  return { headers, body: upload ? upload.bytes : body === undefined ? undefined : JSON.stringify(body) };
}

/** How often a writer makes each write against the others: creates and settings saves most, deletes least. */
const WRITE_WEIGHTS: Record<AdminWriteName, number> = {
  createPost: 6,
  createJournal: 4,
  updatePost: 3,
  deletePost: 2,
  deleteJournal: 1,
  saveSettings: 4,
};

/**
 * A writer's draw: each write named as many times as its weight (the shared weights, with the
 * writer's own `changes`), for a uniform pick among them.
 */
export function weightedWrites(changes: Partial<Record<AdminWriteName, number>> = {}): AdminWriteName[] {
  return (Object.entries({ ...WRITE_WEIGHTS, ...changes }) as [AdminWriteName, number][]).flatMap(([name, weight]) =>
    Array<AdminWriteName>(weight).fill(name),
  );
}

/**
 * The part of a writer's ledger every writer keeps: its posts and articles (each with the writer's
 * own state), its uploads, and the headings it saved.
 */
export function newWriteLedger<Post, Journal, Section extends string>() {
  return {
    posts: new Map<string, Post>(),
    journals: new Map<string, Journal>(),
    /** Acknowledged uploads, with the article that took the PDF (deleting it withdraws the file). */
    uploads: new Map<string, { journalId?: string }>(),
    settings: new Map<Section, { acked?: string; unsure: string[] }>(),
  };
}

/** The id and slug of the post or article a create was answered with. */
export function createdRecord(reply: Record<string, unknown>, record: "post" | "journal") {
  const { _id, slug } = reply[record] as { _id: string; slug: string };
  return { id: _id, slug };
}

/** A post or article as its create was acknowledged, before a writer adds its own state. */
export type CreatedPost = { id: string; slug: string; title: string; image: string; unsureTitles: string[] };
export type CreatedJournal = { id: string; slug: string; filename: string; file: string };

/**
 * A writer's two creates: a post with its image, an article with its PDF (`createWith` uploads the
 * file, then sends the create). What was acknowledged goes into the ledger and the writer's own
 * lists, with the state `newPost` and `newJournal` give it; the article's PDF is marked as its own.
 */
export function createWrites<Post extends CreatedPost, Journal extends CreatedJournal>(writer: {
  label: string;
  tag: () => string;
  createWith: (
    kind: "image" | "pdf",
    record: "post" | "journal",
    request: (url: string) => AdminRequest,
  ) => Promise<{ record: { id: string; slug: string }; url: string } | undefined>;
  ledger: {
    posts: Map<string, Post>;
    journals: Map<string, Journal>;
    uploads: Map<string, { journalId?: string }>;
  };
  mine: { posts: Post[]; journals: Journal[] };
  newPost: (created: CreatedPost) => Post;
  newJournal: (created: CreatedJournal) => Journal;
}) {
  const { label, tag, createWith, ledger, mine } = writer;
  return {
    async createPost() {
      const title = `${label} post ${tag()}`;
      const created = await createWith("image", "post", (image) => adminRequests.createPost(title, image));
      if (!created) return;
      const entry = writer.newPost({ ...created.record, title, image: created.url, unsureTitles: [] });
      ledger.posts.set(entry.id, entry);
      mine.posts.push(entry);
    },
    async createJournal() {
      const filename = `${label} article ${tag()}`;
      const created = await createWith("pdf", "journal", (file) => adminRequests.createJournal(filename, file));
      if (!created) return;
      const entry = writer.newJournal({ ...created.record, filename, file: created.url });
      ledger.journals.set(entry.id, entry);
      ledger.uploads.set(entry.file, { journalId: entry.id });
      mine.journals.push(entry);
    },
  };
}

/** A write's answer as a writer's ledger takes it: the JSON it was acknowledged with, no answer, or an error. */
export type WriteReply = Record<string, unknown> | "lost" | "error";

/**
 * Records the answer to renaming `post` to `title`: acknowledged, the post has that title and the
 * address it was given; lost, it may have that title.
 */
export function recordRename(post: CreatedPost, title: string, reply: WriteReply) {
  if (reply === "lost") post.unsureTitles.push(title);
  if (typeof reply === "string") return;
  post.title = title;
  post.slug = (reply.post as { slug: string }).slug;
  post.unsureTitles = [];
}

/**
 * Saves a new heading `title` in the settings `section` through `send`, and records the answer in
 * `settings`: acknowledged, the section's heading; lost, a heading it may have.
 */
export async function saveHeading<Section extends string>(
  settings: Map<Section, { acked?: string; unsure: string[] }>,
  section: Section,
  title: string,
  send: (request: AdminRequest) => Promise<WriteReply>,
) {
  const entry = settings.get(section) ?? { unsure: [] };
  settings.set(section, entry);
  const reply = await send(adminRequests.saveSettings(section, title));
  if (reply === "lost") entry.unsure.push(title);
  if (typeof reply === "string") return;
  entry.acked = title;
  entry.unsure = [];
}
