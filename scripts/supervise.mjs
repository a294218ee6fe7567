// The parent `npm start` keeps running: it starts the server process and starts it again when it
// dies (docs/decisions/033-supervised-start.md).
import { spawn } from "node:child_process";
import { clearTimeout, setTimeout } from "node:timers";

/** The first wait before starting again; doubled after each death that follows soon, up to the most. */
const FIRST_DELAY_MS = 1000;
const MOST_DELAY_MS = 30_000;
/** A server that ran this long had settled: its death starts the waits from the first again. */
const SETTLED_MS = 60_000;
/** How long the server has to stop on a signal before it is killed (it drains within 5 s). */
const STOP_DEADLINE_MS = 10_000;

/**
 * Runs `script` in a child process (with `execArgv` and `env`) and restarts it, with backoff, when
 * it exits without having been asked to: a crash, an abort at the heap's ceiling, a kill -9. A
 * server that never became ready (a bad setting, a data folder in use) is not restarted: its own
 * message said why, and this process exits with its code. SIGTERM, SIGINT and SIGHUP are passed on
 * (SIGHUP as SIGTERM) for the server's drain, and this process exits with the server's code.
 */
export function supervise(script, { execArgv, env }) {
  // A log whose reader went away drops this process's lines rather than crash it (as the server does).
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
  let child;
  let stopping = false;
  let everReady = false;
  let delay = FIRST_DELAY_MS;
  let restart;

  const start = () => {
    restart = undefined;
    const startedAt = Date.now();
    child = spawn(process.execPath, [...execArgv, script, ...process.argv.slice(2)], {
      env,
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    });
    child.on("message", (message) => {
      if (message?.type === "ready") everReady = true;
    });
    child.on("exit", (code, signal) => {
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (stopping) process.exit(code ?? 1);
      if (!everReady) process.exit(code ?? 1);
      if (Date.now() - startedAt >= SETTLED_MS) delay = FIRST_DELAY_MS;
      console.error(`The server stopped unexpectedly (${how}); starting it again in ${delay / 1000} s.`);
      restart = setTimeout(start, delay);
      delay = Math.min(delay * 2, MOST_DELAY_MS);
    });
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    if (restart) {
      // Between two runs: there is nothing to stop.
      clearTimeout(restart);
      process.exit(0);
    }
    child.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
    setTimeout(() => child.kill("SIGKILL"), STOP_DEADLINE_MS).unref();
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => stop(signal));

  start();
}
