// Loaded into a server under test (`node --import`): keeps a histogram of its event loop's delays
// and, on SIGUSR2, writes the longest since the last report and starts over. A test reads from
// inside the process how long the loop was blocked, which a request timed from outside overstates
// on a busy machine (it waits for the client's own scheduling too).
import { monitorEventLoopDelay } from "node:perf_hooks";

/** The histogram's tick: a delay is how much later than this a tick came. */
const RESOLUTION_MS = 10;

const delays = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delays.enable();
process.on("SIGUSR2", () => {
  const blockedMs = Math.max(0, delays.max / 1e6 - RESOLUTION_MS);
  process.stderr.write(`[event-loop] longest block ${blockedMs.toFixed(1)} ms\n`);
  delays.reset();
});
