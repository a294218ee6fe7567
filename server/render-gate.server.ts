/**
 * Page renders take turns: at most `atOnce` render at a time, at most `perTurn` start in one turn
 * of the event loop, and the others wait in the order they came (docs/decisions/013).
 *
 * Why: Node accepts one new connection per turn of its event loop (libuv 1.45 and later). On the
 * embedded database a render never waits on the network: from start to finish it runs in one
 * stretch of promise callbacks, so every request that is ready renders in the same turn, and a
 * turn under load lasts as long as all of them (300 ms and more was measured). A visitor who has
 * just connected then waits many such turns to be let in, while the connections already open are
 * served again and again. A few starts per turn keep the turns short. The limit on renders at once
 * matters where renders do wait on the network (PostgreSQL): it bounds the work in flight.
 */
export function renderGate(atOnce: number, perTurn = atOnce) {
  let active = 0;
  let startedThisTurn = 0;
  let turnAhead = false;
  const waiting: Array<() => void> = [];

  const mayStart = () => active < atOnce && startedThisTurn < perTurn;
  /** Counts a start, and makes sure the count is reset (and waiting renders let in) on the next turn. */
  const start = () => {
    active++;
    startedThisTurn++;
    if (!turnAhead) {
      turnAhead = true;
      setImmediate(nextTurn);
    }
  };
  function nextTurn() {
    turnAhead = false;
    startedThisTurn = 0;
    while (waiting.length > 0 && mayStart()) {
      start();
      waiting.shift()!();
    }
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (waiting.length === 0 && mayStart()) start();
      else await new Promise<void>((resume) => waiting.push(resume));
      try {
        return await work();
      } finally {
        active--;
        // A place freed: the next in line starts on a later turn of the loop, never in this one.
        if (waiting.length > 0 && !turnAhead) {
          turnAhead = true;
          setImmediate(nextTurn);
        }
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
