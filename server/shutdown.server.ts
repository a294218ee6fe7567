import type http from "node:http";
import net from "node:net";

import { refuse, type Step } from "./pipeline/pipeline.server";

const SHUTDOWN_DEADLINE_MS = 4500;
/**
 * While the server stops (see stop()): it goes on accepting connections until a balancer has had
 * time to take it out of rotation, this long after its first 503, and at most STOP_LISTENING_MS
 * after SIGTERM; a keep-alive connection left idle DRAIN_IDLE_MS is closed (a proxy should close
 * its idle ones sooner: deploy/nginx does at 1 s); requests still running DRAIN_DEADLINE_MS after
 * SIGTERM have their connections closed.
 */
const BALANCER_NOTICE_MS = 500;
const STOP_LISTENING_MS = 1000;
const DRAIN_IDLE_MS = 1500;
const DRAIN_DEADLINE_MS = 3000;

type ShutdownHooks = {
  /** Called at once on the signal (the operator socket closes). */
  onSignal: () => void;
  /** Called once every connection is closed (the database closes). */
  afterDrain: () => Promise<void>;
};

/**
 * SIGTERM drains the server rather than cutting it off, so that a load balancer in front loses no
 * request. First the balancer is told: GET and HEAD requests (and /healthz) are answered 503, which
 * it resends elsewhere and counts against this server, while every other request is served. Once
 * it has had time to take the server out of rotation, no new connections are accepted. (Closing
 * the listening socket at once would reset connections the system had accepted but the server
 * not yet taken: a POST sent on one is lost.) Running requests finish, each answered with
 * `Connection: close`; idle connections are closed; when none is left, `afterDrain` runs.
 *
 * `drain` is the pipeline's step (it counts requests per connection, and refuses while draining);
 * `watch` makes the server's connections known and installs the SIGTERM and SIGINT handlers.
 */
export function gracefulShutdown() {
  /** Open connections and how many requests run on each. */
  const connections = new Map<net.Socket, { running: number; idleSince: number }>();
  let draining = false;
  /** While draining: when to stop accepting connections (brought forward by the first 503). */
  let stopListeningAt = Infinity;

  const drain: Step = (exchange, next) => {
    const { req, res } = exchange;
    const connection = connections.get(req.socket);
    if (connection) {
      connection.running++;
      res.once("close", () => {
        connection.running--;
        connection.idleSince = performance.now();
      });
    }
    if (draining) {
      // Stopping: the connection is not used again after this answer. A GET or HEAD is answered
      // 503, which a balancer resends to another server, and which takes this one out of its
      // rotation (nginx: max_fails); any other request, which a balancer must not send twice, is
      // served in full.
      res.setHeader("Connection", "close");
      if (req.method === "GET" || req.method === "HEAD") {
        stopListeningAt = Math.min(stopListeningAt, performance.now() + BALANCER_NOTICE_MS);
        res.setHeader("Retry-After", "1");
        res.setHeader("Cache-Control", "no-store");
        if (req.url === "/healthz")
          res.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "stopping" }));
        else refuse(exchange, 503, "The server is restarting. Please try again in a moment.");
        return;
      }
    }
    next();
  };

  const watch = (server: http.Server, hooks: ShutdownHooks) => {
    server.on("connection", (socket: net.Socket) => {
      connections.set(socket, { running: 0, idleSince: performance.now() });
      socket.once("close", () => connections.delete(socket));
    });

    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      draining = true;
      console.log(`${signal} received: closing the server and the database.`);
      setTimeout(() => {
        console.error("Shutdown took too long; exiting.");
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      hooks.onSignal();
      const drainStarted = performance.now();
      stopListeningAt = Math.min(stopListeningAt, drainStarted + STOP_LISTENING_MS);
      let listening = true;
      let allClosed = () => {};
      const closed = new Promise<void>((resolve) => (allClosed = resolve));
      const sweep = setInterval(() => {
        const now = performance.now();
        if (listening && now >= stopListeningAt) {
          listening = false;
          // net.Server's close, not http.Server's, which would also close idle connections at once
          // while a proxy may be sending a request on one. The callback comes when all are closed.
          net.Server.prototype.close.call(server, () => allClosed());
        }
        const pastDeadline = now - drainStarted >= DRAIN_DEADLINE_MS;
        for (const [socket, { running, idleSince }] of connections) {
          if (pastDeadline || (running === 0 && now - idleSince >= DRAIN_IDLE_MS)) socket.destroy();
        }
      }, 50);
      closed
        .then(() => clearInterval(sweep))
        .then(() => hooks.afterDrain())
        .catch((error: unknown) => console.error(`closing the database failed: ${(error as Error).message}`))
        .finally(() => process.exit(0));
    };
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
  };

  return { drain, watch };
}
