/**
 * Runs `pass` now and every `everyMs` until the returned function stops it: one pass at a time (a
 * slow pass is not overlapped by the next), a failed one logged as "`what` stopped for now" and tried
 * again at the next turn. The timer never keeps the process alive.
 */
export function repeatEvery(everyMs: number, what: string, pass: () => Promise<void>): () => void {
  let running = false;
  let stopped = false;
  const turn = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await pass();
    } catch (error) {
      if (!stopped) console.error(`${what} stopped for now (tried again shortly): ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  void turn();
  const timer = setInterval(() => void turn(), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
