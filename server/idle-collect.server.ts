/**
 * Gives the memory a burst of work grew V8's heap to back to the system once the server is idle
 * (decision 015). V8's own memory reducer measures the allocation rate per millisecond of
 * JavaScript run, and an idle server runs little JavaScript but its timers' own: it judges the rate
 * high and waits, for good. So after `idleMs` with no request in flight, once per quiet spell, one
 * full collection of the kind V8 makes before it gives up (`gc({ flavor: "last-resort" })`), which
 * also returns the freed pages. After a cold-page load: 331 → 259 MB resident; it takes a few tens
 * of milliseconds, at a time no request waits. `npm start` exposes `gc` (--expose-gc); without it
 * this does nothing.
 */
type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

export function collectWhenIdle(idleMs = 10_000) {
  const collect = (globalThis as { gc?: Collect }).gc;
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (!collect || inFlight > 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (inFlight === 0) collect({ type: "major", execution: "sync", flavor: "last-resort" });
    }, idleMs);
    // A pending collection never keeps the process alive.
    timer.unref();
  };
  return {
    /** A request began: no collection while it runs. */
    begin() {
      inFlight++;
      clearTimeout(timer);
    },
    /** A request ended: a collection once none has come for `idleMs`. */
    end() {
      inFlight = Math.max(0, inFlight - 1);
      schedule();
    },
    /** Work outside requests (the start) ended. */
    settled: schedule,
    stop() {
      clearTimeout(timer);
    },
  };
}
