import { AsyncLocalStorage } from "node:async_hooks";

import type { ContentTag } from "./content-tags";

/**
 * What one request's work used, noted by the services while it runs: the kinds of content it read
 * (the page cache drops the page when one of them changes) and whether it looked up the visitor's
 * session. An answer that looked up a session depends on the Cookie header, and one made for a
 * signed-in person is theirs alone: the server decides caching from this record, never by
 * guessing from the request's headers.
 */
export type RequestRecord = {
  tags: Set<ContentTag>;
  session: "not-read" | "signed-out" | "signed-in";
  /** Work put off until the answer has gone (afterAnswer); run by the server once the response is closed. */
  after: (() => void)[];
  answered: boolean;
};

const currentRecord = new AsyncLocalStorage<RequestRecord>();

/** Runs `work` with a fresh record, which it returns with the result. */
export async function recording<T>(
  work: (record: RequestRecord) => Promise<T>,
): Promise<{ result: T; record: RequestRecord }> {
  const record: RequestRecord = { tags: new Set(), session: "not-read", after: [], answered: false };
  const result = await currentRecord.run(record, () => work(record));
  return { result, record };
}

export function noteRead(tag: ContentTag) {
  currentRecord.getStore()?.tags.add(tag);
}

/** The session was looked up: a signed-in answer stays signed-in whatever later look-ups find. */
export function noteSession(signedIn: boolean) {
  const record = currentRecord.getStore();
  if (!record || record.session === "signed-in") return;
  record.session = signedIn ? "signed-in" : "signed-out";
}

/**
 * Runs `task` once the answer to the request under way has gone, so that nothing it does can be
 * timed in that answer (a reset request's lookup, token and mail: issue 31). Outside a request
 * (a command, a test calling a service), or once the answer has gone, on the next turn.
 */
export function afterAnswer(task: () => void) {
  const record = currentRecord.getStore();
  if (record && !record.answered) record.after.push(task);
  else setImmediate(task);
}

/**
 * How long after the close the put-off work waits: the last bytes have only been handed to the
 * kernel, and a client or proxy on the same machine still has to read them. Work that took the
 * CPU at once would slow that read, and a reset ask for a real account would be timed slower.
 */
const AFTER_ANSWER_MS = 50;

/** The response is closed (sent, or its client gone): what the request put off runs shortly. */
export function answered(record: RequestRecord) {
  record.answered = true;
  for (const task of record.after.splice(0)) setTimeout(task, AFTER_ANSWER_MS);
}
