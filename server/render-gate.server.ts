/**
 * At most `limit` requests rendering at a time; the others wait their turn in the order they came.
 *
 * Why: Node accepts one new connection per turn of its event loop (libuv 1.45 and later). When
 * every waiting request renders in the same turn, a turn lasts as long as all of them together,
 * and under a burst a visitor who has just connected waits seconds to be let in while those
 * already connected are served again and again. With a few renders per turn the turns stay short,
 * new connections are taken in promptly, and requests are served in the order they arrived.
 */
export function renderGate(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active < limit) active++;
      else await new Promise<void>((resume) => waiting.push(resume));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        // The place passes straight to the next request, on a later turn of the loop.
        if (next) setImmediate(next);
        else active--;
      }
    },
    /** Requests rendering now, and waiting. */
    get load() {
      return { active, waiting: waiting.length };
    },
  };
}

/**
 * Whether a request is a page render that takes its turn: GET and HEAD of pages and their `.data`.
 * Not the API, the health check, nor files (uploads, journal PDFs): they wait on the network (the
 * provider, an S3 store, the visitor's upload) or must answer at once, and must not hold pages up.
 */
export function takesTurn(method: string | undefined, url: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = (url ?? "/").split("?")[0];
  return !/^\/(api|uploads)\/|^\/healthz$|^\/journal\/[^/]+\/pdf$/i.test(pathname);
}
