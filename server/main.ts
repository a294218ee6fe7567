import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";

import { schedulePdfText } from "~/journal/pdf-text.server";
import { listeningOrigin, mailLinkOrigin } from "~/lib/config.server";
import { schedulePublishingTick } from "~/publishing-tick.server";
import { startCounting } from "~/readership/counting.server";
import { scheduleReadership } from "~/readership/summing.server";
import { beginShutdown, closeRuntime, getRuntime } from "~/runtime.server";
import { writeBackup } from "~/services/backup.server";
import { scheduleUploadsCleanup } from "~/services/uploads-cleanup.server";

import { startControlSocket } from "./control.server";
import { protectDataDir } from "./data-dir-permissions.server";
import { collectWhenIdle } from "./idle-collect.server";
import { pageCache } from "./page-cache.server";
import { baseHeaders } from "./pipeline/base-headers.server";
import { bodyLimit, mayContinue } from "./pipeline/body-limit.server";
import { cachedPages } from "./pipeline/cached-pages.server";
import { clientIp } from "./pipeline/client-ip.server";
import { compress } from "./pipeline/compression.server";
import { cors } from "./pipeline/cors.server";
import { refuseCrossSite } from "./pipeline/cross-site.server";
import { pipeline } from "./pipeline/pipeline.server";
import { Answer, readership } from "./pipeline/readership.server";
import { render } from "./pipeline/render.server";
import { requestLog } from "./pipeline/request-log.server";
import { staticFiles } from "./pipeline/static-files.server";
import { validHost } from "./pipeline/valid-host.server";
import { gracefulShutdown } from "./shutdown.server";
import { describeStartError, fail, loadConfig } from "./startup.server";
import { staticMounts } from "./static-mounts.server";

export { backupCommand, createAdminCommand, restoreCommand, seedDemoCommand } from "./commands.server";
export { importCommand } from "./import-command.server";

/** Beside this bundle (build/server/index.js): the browser build. */
const clientDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/** `npm start`: the site on PORT, with the database opened before the first request. */
export async function main() {
  const config = loadConfig();
  const startedAt = performance.now();
  // DATA_DIR is readable by this user only: an older version's open modes are tightened, once
  // before the database opens (said in the log) and once after (PGlite's own new files).
  protectDataDir(config.dataDir);
  try {
    await getRuntime();
  } catch (error) {
    fail(describeStartError(error, config));
  }
  protectDataDir(config.dataDir, { quiet: true });
  // Files an interrupted upload left behind: removed now and every hour (docs/deployment.md).
  scheduleUploadsCleanup((await getRuntime()).services.media, {
    soleWriter: !config.databaseUrl && !config.s3,
    startedAt: new Date(performance.timeOrigin),
  });

  // Scheduled posts and articles go public at their time, with no one signed in (decision 020).
  const runtime = await getRuntime();
  // The same pass keeps the activity log to ACTIVITY_RETENTION_DAYS, marks submissions published
  // and sends reviewers' reminders (issue 34).
  const stopPublishing = schedulePublishingTick(
    runtime.database.db,
    runtime.services.media,
    runtime.services.changes,
    undefined,
    { activityRetentionDays: config.activityRetentionDays, submissions: runtime.services.submissions },
  );
  // Queued mails go out (retried with backoff) from every server; each mail is sent once.
  const stopMail = runtime.services.mail.schedule();
  // Articles' PDFs are read for site search in the background, each once however many servers (decision 025).
  const stopPdfText = schedulePdfText(runtime.database.db, runtime.services.media.store);

  // Readership (decision 043): reads spooled as they are answered, summed by COUNTER's rules.
  const counting = config.readership.enabled
    ? await startCounting({ db: runtime.database.db, dataDir: config.dataDir })
    : null;
  const stopReadership = config.readership.enabled
    ? scheduleReadership(runtime.database.db, config.readership)
    : () => {};

  const mounts = staticMounts(config, clientDirectory);
  const cache = pageCache({ maxBytes: config.pageCacheBytes });
  if (config.pageCache) {
    (await getRuntime()).services.changes.subscribe((tags) => cache.invalidate(tags));
  }
  const shutdown = gracefulShutdown();

  // Each step answers or hands the request on; the order is the order of the checks.
  const onRequest = pipeline([
    baseHeaders(config),
    shutdown.drain,
    requestLog,
    validHost,
    clientIp(config),
    cors(config),
    refuseCrossSite(config),
    bodyLimit(config),
    ...(counting
      ? [readership(counting, config.readership, config.publicUrl ? new URL(config.publicUrl).host : undefined)]
      : []),
    cachedPages(cache, config),
    compress(),
    staticFiles(mounts),
    render({ handler: createRequestHandler(build, process.env.NODE_ENV ?? "production"), cache, config }),
  ]);
  const server = http.createServer({ ServerResponse: Answer }, onRequest);
  // Memory a burst grew the heap to goes back to the system once requests stop for a while.
  const idle = collectWhenIdle();
  const inFlight = (res: http.ServerResponse) => {
    idle.begin();
    res.once("close", idle.end);
  };
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => inFlight(res));
  // "Expect: 100-continue": a body over its limit is refused before the client sends it.
  server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight(res);
    if (mayContinue(req, config)) res.writeContinue();
    onRequest(req, res);
  });

  // The embedded database is ours alone: operator commands come through a socket.
  const control = config.databaseUrl
    ? null
    : startControlSocket(config.dataDir, {
        services: async () => (await getRuntime()).services,
        backup: async (out) => {
          const { database, services } = await getRuntime();
          const stores = { uploads: services.media.store, private: services.manuscriptFiles.store };
          return writeBackup(database.db, stores, out, {
            database: "pglite",
            uploads: config.s3 ? "s3" : "local",
          });
        },
      });

  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`Port ${config.port} is already in use: set PORT to a free port.`);
    fail(`The server could not start: ${error.message}`);
  });

  server.listen(config.port, config.host, () => {
    // The last resort: an error that escapes a request (a stream that fails after its request
    // ended, a callback that throws) is logged, and the server goes on serving everyone else.
    process.on("uncaughtException", (error) => console.error("Uncaught error; the server goes on serving:", error));
    process.on("unhandledRejection", (reason) =>
      console.error("Unhandled rejection; the server goes on serving:", reason),
    );
    // Whatever read the log may go away (a supervisor's pipe, a terminal, `npm start | tee`): its lines
    // are then dropped. Unheard, each failed write was an uncaught error, logged to the same closed
    // pipe, failing again: a loop that took a whole core and stopped the server answering.
    for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
    void getRuntime().then(async (runtime) => {
      console.log(
        `Site ready at ${listeningOrigin(config)} (database: ${runtime.database.kind}, started in ${Math.round(performance.now() - startedAt)} ms)`,
      );
      // A new site's owner learns from the log where the first admin account is made (issue 33).
      if (!(await runtime.services.accounts.hasAdmin().catch(() => true)))
        console.log(
          `No admin account yet: open ${listeningOrigin(config)}/setup to create the first one (or run npm run create-admin).`,
        );
      // A request's Host header never names the site in a mail (issue 31): without PUBLIC_URL, this does.
      if (!config.publicUrl) {
        console.warn(
          `PUBLIC_URL is not set: links in the site's mails (password resets, address confirmations) point at ${mailLinkOrigin(config)} until it is.`,
        );
      }
      // `npm start`'s supervisor restarts a server that dies only once it was ready (scripts/supervise.mjs).
      process.send?.({ type: "ready" });
      idle.settled();
    });
  });

  shutdown.watch(server, {
    onSignal: () => {
      stopPublishing();
      stopMail();
      stopPdfText();
      stopReadership();
      idle.stop();
      control?.close();
    },
    // From here on, anything still running gets 503 and never reopens the database.
    afterDrain: async () => {
      // What the last answers put off (a reset ask's look-up and mail, 50 ms after the close) is
      // done, its mail queued, and every answered read is sent, before the database closes.
      await runtime.services.mail.idle();
      await counting?.stop();
      beginShutdown();
      await closeRuntime();
    },
  });
}
