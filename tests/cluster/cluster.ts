import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";

import pg from "pg";
import sharp from "sharp";

import { startS3Server } from "../support/s3-server.ts";
import {
  freePort,
  killAllSites,
  runScript,
  scratchDirectory,
  scratchPostgres,
  type SiteProcess,
  startSite,
} from "../support/site-process.ts";
import { cookieOf, type HttpClient, httpClient } from "./http-client.ts";
import { ensureNginx, parseAccessLog, startNginx } from "./nginx.ts";
import { type Ledger, READERS_DOMAIN, type RequestRecord, startTraffic, WRITER_SECTIONS } from "./traffic.ts";

/**
 * The cluster scenario, shared by tests/cluster/cluster.pg.test.ts and `npm run cluster`: three app
 * servers on one PostgreSQL database and one S3-compatible store (s3rver), behind nginx with the
 * configuration of deploy/nginx/, under a mixed load of reads and admin writes with uploads. While
 * the load runs: a write on one server must show on every server's pages within a second; one
 * server is killed with SIGKILL and started again; then all three are restarted one at a time with
 * SIGTERM. Afterwards every acknowledged write must be in the database and on every server's pages,
 * every upload served by every server, and the sign-in and upload limits must hold across servers.
 */

export const SERVERS = 3;
/** Load: 14 visitors (2 signed in as the admin) and 4 admins writing, besides the visibility probe. */
const LOAD = { readers: 14, signedInReaders: 2, writers: 4 };
/** How long the steady load is probed before the kill, the killed server stays down, and the load runs after. */
const PHASE_MS = { steady: 10_000, killedFor: 4_000, afterRestart: 5_000 };
/** The visibility probe: the settings section it writes on one server, the page that shows it on the others. */
const PROBE = {
  section: "blog",
  page: "/posts",
  /** Each round gives a delay for each of the two other servers. */
  rounds: 10,
  visibleWithinMs: 1000,
  /** The answer that shows it includes a new render, slower on a loaded machine: bounded loosely. */
  answeredWithinMs: 5000,
};
/** The site's limits (app/accounts/sign-in.server.ts, app/services/media.server.ts). */
const LIMITS = { signIn: 10, uploadsPerHour: 20 };

const ADMIN = { username: "cluster.admin", email: "cluster.admin@example.edu", password: "cluster admin password" };

export type ClusterReport = {
  durationMs: number;
  requests: { served: number; failed: number; reads: number; writes: number };
  writes: { acknowledged: number; found: number; unsure: number };
  visibility: { samples: number; p50Ms: number; maxMs: number; answeredP50Ms: number; answeredMaxMs: number };
  pagesChecked: number;
  uploads: { checked: number; servedByAll: number };
  kill: {
    inHand: number;
    failed: number;
    rps: { before: number; down: number; after: number };
    restartedShare: number;
  };
  rolling: { requests: number; failed: number };
  /** Signed-out page reads, each from a referring site of its own, and how many the figures count once. */
  readership: { reads: number; acknowledged: number; countedOnce: number };
  limits: { signInPerAccount: number; signInPerAddress: number; uploadsPerHour: number; signInServers: number };
  kit: string[];
  problems: string[];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tag = () => randomBytes(4).toString("hex");

function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

/** Request lines a server logged (`<time> <method> <path> <status> <ms>ms`), health checks left out. */
function servedLines(site: SiteProcess, from = 0, to = Infinity) {
  return site
    .output()
    .split("\n")
    .filter((line) => /^\S+ (GET|HEAD|POST|PUT|DELETE) /.test(line) && !line.includes(" /healthz "))
    .filter((line) => {
      const at = Date.parse(line.slice(0, line.indexOf(" ")));
      return at >= from && at <= to;
    });
}

/**
 * When a killed process is gone, read from /proc at once: the exit event comes later, when this
 * (busy) process gets to it. Undefined where there is no /proc.
 */
function goneAt(pid: number): number | undefined {
  const deadline = Date.now() + 2000;
  while (Date.now() < deadline) {
    let state: string;
    try {
      state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] ?? "";
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return Date.now();
      return undefined;
    }
    // A zombie: dead, its sockets closed, waiting to be reaped.
    if (state === "Z" || state === "X") return Date.now();
  }
  return undefined;
}

/** Waits until the balancer sends the server requests again (its log shows one). */
async function backInRotation(site: SiteProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (servedLines(site).length === 0) {
    if (Date.now() > deadline)
      throw new Error(`nginx sent no request to the restarted server ${site.url} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Sends only the headers of a request with this declared length: what nginx answers to them. */
function declaredOnly(url: string, length: number, ca: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; server: string }>((resolve, reject) => {
    const request = https.request(
      url,
      { method: "POST", ca, agent: false, headers: { ...headers, "content-length": String(length) } },
      (answer) => {
        resolve({ status: answer.statusCode ?? 0, server: String(answer.headers.server ?? "") });
        request.destroy();
      },
    );
    request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
    request.flushHeaders();
  });
}

export async function runCluster(options: { log?: (line: string) => void } = {}): Promise<ClusterReport> {
  const log = options.log ?? (() => {});
  const startedAt = Date.now();
  const problems: string[] = [];
  const cleanups: (() => unknown)[] = [];
  const sites: SiteProcess[] = [];
  /** Servers that were stopped or killed: their output stays readable for the report. */
  const retired: SiteProcess[] = [];
  let traffic: ReturnType<typeof startTraffic> | undefined;
  try {
    const nginxBinary = ensureNginx(log);
    const work = scratchDirectory("cluster");
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const database = await scratchPostgres("cluster");
    cleanups.push(() => database.drop());
    const s3 = await startS3Server("cluster-uploads");
    cleanups.push(() => s3.stop());

    const ports = new Set<number>();
    while (ports.size < SERVERS + 2) ports.add(await freePort());
    const [httpPort, httpsPort, ...appPorts] = [...ports];
    const publicUrl = `https://127.0.0.1:${httpsPort}`;
    const shared = {
      DATABASE_URL: database.url,
      S3_BUCKET: "cluster-uploads",
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      // nginx appends the client's address to X-Forwarded-For: the limits count by it.
      TRUST_PROXY: "true",
      PUBLIC_URL: publicUrl,
      // Reads are summed 40 s after they are answered (the least allowed), so the check below need not wait long.
      READERSHIP_SETTLE_SECONDS: "40",
    };
    // Each server has its own DATA_DIR, for scratch files only: what servers share is in PostgreSQL and S3.
    const envOf = (i: number) => ({ ...shared, DATA_DIR: path.join(work, `server-${i + 1}`) });
    const startServer = (i: number) => startSite(envOf(i), { port: appPorts[i] });

    log(`seeding the demo content and an admin into ${new URL(database.url).pathname.slice(1)}`);
    for (const [script, args] of [
      ["seed-demo", []],
      ["create-admin", ["--username", ADMIN.username, "--email", ADMIN.email, "--password", ADMIN.password]],
    ] as const) {
      const { code, out } = await runScript(script, [...args], envOf(0));
      if (code !== 0) throw new Error(`${script} failed: ${out}`);
    }
    log(`starting ${SERVERS} servers on ports ${appPorts.join(", ")}`);
    cleanups.push(async () => {
      const codes = await Promise.all(sites.map((site) => site.stop()));
      codes.forEach(
        (code, i) => code !== 0 && code !== null && problems.push(`server ${i + 1} stopped with exit code ${code}`),
      );
    });
    // The first alone (it builds the site if the sources changed), then the others together.
    sites.push(await startServer(0));
    sites.push(...(await Promise.all(appPorts.slice(1).map((_, i) => startServer(i + 1)))));

    const nginx = await startNginx({
      binary: nginxBinary,
      prefix: path.join(work, "nginx"),
      appPorts,
      httpPort,
      httpsPort,
    });
    cleanups.push(() => nginx.stop());
    log(`nginx at ${nginx.httpsUrl} (and ${nginx.httpUrl}) in front of them`);
    const client = httpClient({ ca: nginx.ca });
    // Straight to one server, on a new connection each time: a kept-alive one left idle while its
    // server was the probe's writer (5 s and more) can be closed by that server (Node's
    // keepAliveTimeout, 5 s, late when its loop is busy) just as a request goes out on it, which
    // resets the request. That is HTTP/1.1 keep-alive's race, not a fault of the server; nginx
    // keeps its upstream connections idle for 1 s at most (deploy/nginx).
    const direct = httpClient({ keepAlive: false });
    cleanups.push(() => client.close());
    cleanups.push(() => direct.close());
    const base = nginx.httpsUrl;
    const json = (method: string, url: string, body: unknown, headers: Record<string, string> = {}, from = client) =>
      from.request(method, url, {
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    // ---------- what the site holds, the admin, and the files the writers upload ----------

    const signedIn = await json("POST", `${base}/api/auth/signin`, {
      username: ADMIN.username,
      password: ADMIN.password,
    });
    if (signedIn.status !== 200)
      throw new Error(`the admin's sign-in through nginx failed: ${signedIn.status} ${signedIn.text()}`);
    const admin = {
      cookie: cookieOf(signedIn),
      userId: (JSON.parse(signedIn.text()) as { user: { _id: string } }).user._id,
    };
    const demoPosts = (
      JSON.parse((await client.get(`${base}/api/post/getposts?limit=50`)).text()) as { posts: { slug: string }[] }
    ).posts.map((p) => p.slug);
    const demoJournals = (
      JSON.parse((await client.get(`${base}/api/journal/getjournals?limit=50`)).text()) as {
        journals: { slug: string; file: string }[];
      }
    ).journals;
    const asset = /\/assets\/[\w.-]+\.(?:js|css)/.exec((await client.get(`${base}/`)).text())?.[0];
    if (!asset || demoPosts.length === 0 || demoJournals.length === 0)
      throw new Error("the demo content or the site's assets are missing");
    const pdf = (await client.get(`${base}${demoJournals[0].file}`)).body;
    const image = await sharp({
      create: { width: 900, height: 500, channels: 3, background: { r: 40, g: 80, b: 120 } },
    })
      .png()
      .toBuffer();

    // ---------- the deployment kit: TLS, redirect, asset cache, body limits ----------

    const kit: string[] = [];
    const expectKit = (ok: boolean, what: string) =>
      ok ? kit.push(what) : problems.push(`deploy/nginx: ${what} does not hold`);
    const plain = await direct.get(`${nginx.httpUrl}/posts`);
    expectKit(
      plain.status === 301 && String(plain.headers.location).startsWith("https://"),
      "plain http is sent to https (301)",
    );
    const page = await client.get(`${base}/posts`);
    expectKit(
      page.status === 200 && String(page.headers["strict-transport-security"]).includes("max-age"),
      "pages come over TLS with HSTS",
    );
    await client.get(`${base}${asset}`);
    expectKit(
      (await client.get(`${base}${asset}`)).headers["x-cache-status"] === "HIT",
      "built assets are served from nginx's cache",
    );
    const bigImage = await client.request("POST", `${base}/api/uploads?purpose=image`, {
      headers: { cookie: admin.cookie, "content-type": "image/png", "x-file-name": "big.png" },
      body: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    expectKit(
      bigImage.status === 413 && String(bigImage.headers["content-type"]).includes("json"),
      "an image over MAX_IMAGE_MB (10) reaches the app, which answers 413",
    );
    const bigPdf = await declaredOnly(`${base}/api/uploads?purpose=pdf`, 50 * 1024 * 1024 + 1, nginx.ca, {
      cookie: admin.cookie,
      "content-type": "application/pdf",
    });
    expectKit(
      bigPdf.status === 413 && bigPdf.server.startsWith("nginx"),
      "a PDF over MAX_PDF_MB (50) is refused by nginx with 413",
    );
    const bigForm = await declaredOnly(`${base}/api/post/create`, 2 * 1024 * 1024 + 1, nginx.ca, {
      cookie: admin.cookie,
      "content-type": "application/json",
    });
    expectKit(
      bigForm.status === 413 && bigForm.server.startsWith("nginx"),
      "any other body over 2 MB is refused by nginx with 413",
    );

    // ---------- the load ----------

    log(
      `load: ${LOAD.readers} visitors and ${LOAD.writers} admins through nginx, and a probe writing on one server and reading all`,
    );
    traffic = startTraffic({
      client,
      base,
      admin,
      demo: { posts: demoPosts, journals: demoJournals.map((j) => j.slug), asset },
      assets: { image, pdf },
      ...LOAD,
    });
    const { records, ledger } = traffic;

    // A write on one server (the probe's), then every other server's page polled until it shows it.
    // The delay is when the first request that showed it was sent: a visitor asking then got the
    // new page. (Polls are cheap while the old page is still kept; the first one after the cache
    // let it go renders it again, which takes longer: that answer time is reported too.)
    const delays: number[] = [];
    const answered: number[] = [];
    const probeUntil = Date.now() + PHASE_MS.steady;
    // At least PROBE.rounds, however slow the machine: the delays are the measurement.
    for (let round = 0; Date.now() < probeUntil || round < PROBE.rounds; round++) {
      const writer = sites[round % SERVERS];
      const title = `Visible ${tag()}`;
      const saved = await json(
        "PUT",
        `${writer.url}/api/settings/${PROBE.section}`,
        { title, subtitle: "Updates from the centre" },
        { cookie: admin.cookie },
        direct,
      );
      if (saved.status !== 200) {
        problems.push(`the probe's write on server ${(round % SERVERS) + 1} was answered ${saved.status}`);
        continue;
      }
      const savedAt = Date.now();
      await Promise.all(
        sites
          .filter((site) => site !== writer)
          .map(async (site) => {
            for (;;) {
              const askedAt = Date.now();
              const shown = (await direct.get(`${site.url}${PROBE.page}`)).text().includes(title);
              if (shown) {
                delays.push(askedAt - savedAt);
                answered.push(Date.now() - savedAt);
                return;
              }
              if (askedAt - savedAt > 10_000)
                return void problems.push(
                  `${site.url}${PROBE.page} did not show a write made on ${writer.url} within 10 s`,
                );
              await sleep(20);
            }
          }),
      );
      await sleep(100);
    }
    const visibility = {
      samples: delays.length,
      p50Ms: percentile(delays, 50),
      maxMs: Math.max(0, ...delays),
      answeredP50Ms: percentile(answered, 50),
      answeredMaxMs: Math.max(0, ...answered),
    };
    if (visibility.maxMs >= PROBE.visibleWithinMs)
      problems.push(
        `a write took ${visibility.maxMs} ms to show on another server (at most ${PROBE.visibleWithinMs} ms)`,
      );
    if (visibility.answeredMaxMs >= PROBE.answeredWithinMs)
      problems.push(
        `a page showing a write took ${visibility.answeredMaxMs} ms to be answered (at most ${PROBE.answeredWithinMs} ms)`,
      );
    log(
      `visibility across servers: p50 ${visibility.p50Ms} ms, max ${visibility.maxMs} ms; answered p50 ${visibility.answeredP50Ms} ms, max ${visibility.answeredMaxMs} ms (${delays.length} samples)`,
    );

    // kill -9 one server mid-load, start it again after a while.
    const victim = 1;
    const victimPid = sites[victim].serverPid();
    const killAt = Date.now();
    const crashed = sites[victim].crash();
    const killedAt = goneAt(victimPid) ?? (await crashed, Date.now());
    await crashed;
    log(`server ${victim + 1} killed (SIGKILL; gone ${killedAt - killAt} ms later)`);
    await sleep(PHASE_MS.killedFor);
    const restartAt = Date.now();
    retired.push(sites[victim]);
    sites[victim] = await startServer(victim);
    await backInRotation(sites[victim], 15_000);
    log(`server ${victim + 1} restarted and back in rotation after ${Date.now() - restartAt} ms`);
    await sleep(PHASE_MS.afterRestart);
    const afterUntil = Date.now();
    const afterFrom = afterUntil - 3000;
    const windowLines = sites.map((site) => servedLines(site, afterFrom, afterUntil).length);
    const restartedShare =
      windowLines[victim] /
      Math.max(
        1,
        windowLines.reduce((a, b) => a + b, 0),
      );
    if (restartedShare < 0.15)
      problems.push(
        `after its restart the killed server answered ${Math.round(restartedShare * 100)} % of the requests (a third expected)`,
      );

    // Rolling restart: each server in turn gets SIGTERM, is started again, and is back in rotation
    // before the next one goes.
    const rollingFrom = Date.now();
    for (let i = 0; i < SERVERS; i++) {
      const code = await sites[i].stop();
      if (code !== 0) problems.push(`server ${i + 1} exited with ${code} on SIGTERM`);
      retired.push(sites[i]);
      sites[i] = await startServer(i);
      await backInRotation(sites[i], 15_000);
      log(`rolling restart: server ${i + 1} back in rotation`);
    }
    await sleep(1000);
    await traffic.stop();
    log(`load stopped: ${records.length} requests`);

    // ---------- what the requests saw ----------

    const served = (r: RequestRecord) => r.ok;
    const rate = (from: number, to: number) =>
      Math.round(
        records.filter((r) => served(r) && r.ended >= from && r.ended < to).length /
          Math.max(0.001, (to - from) / 1000),
      );
    // What the killed server had in hand: requests nginx had sent it (bytes went out) that were not
    // over when it was killed. Only those may fail; nginx retries the ones it may (not a POST it
    // sent, nor an answer it had begun to pass on).
    const killedServer = `127.0.0.1:${appPorts[victim]}`;
    const logged = parseAccessLog(nginx.accessLog());
    const inHand = new Set(
      logged
        .filter((entry) => entry.ended >= killAt && entry.ended < restartAt)
        .filter((entry) => entry.tries.some((t) => t.server === killedServer && t.bytesSent > 0))
        .map((entry) => entry.id),
    );
    const failed = records.filter((r) => !r.ok);
    const failedAtKill = failed.filter((r) => inHand.has(r.id));
    const failedOtherwise = failed.filter((r) => !inHand.has(r.id));
    const fromKill = (at: number) => `kill${at >= killAt ? "+" : ""}${at - killAt} ms`;
    const describe = (r: RequestRecord) => {
      const tries =
        logged
          .find((entry) => entry.id === r.id)
          ?.tries.map((t) => `${t.server} ${t.status}`)
          .join(", ") ?? "not in nginx's log";
      return `${r.method} ${r.path}: ${r.outcome} (sent at ${fromKill(r.started)}, answered at ${fromKill(r.ended)}; nginx tried ${tries})`;
    };
    for (const r of failedOtherwise.slice(0, 20))
      problems.push(`failed, and not a request the killed server had in hand: ${describe(r)}`);
    const rolling = records.filter((r) => r.started >= rollingFrom);
    const kill = {
      inHand: inHand.size,
      failed: failedAtKill.length,
      rps: { before: rate(killAt - 5000, killAt), down: rate(killedAt, restartAt), after: rate(afterFrom, afterUntil) },
      restartedShare: Math.round(restartedShare * 100) / 100,
    };
    if (failedAtKill.length) log(`failed at the kill: ${failedAtKill.map(describe).join("; ")}`);
    if (failedOtherwise.length) {
      log(`nginx's error log:\n${nginx.errorLog().split("\n").slice(-30).join("\n")}`);
      // What the servers said about it: their errors, and their lines for the failed addresses.
      const failedPaths = new Set(failedOtherwise.map((r) => ` ${r.path} `));
      const said = [...retired, ...sites].flatMap((site) =>
        site
          .output()
          .split("\n")
          .filter(
            (line) =>
              /error|unavailable|uncaught|unhandled/i.test(line) || [...failedPaths].some((p) => line.includes(p)),
          )
          .map((line) => `${site.url}: ${line}`),
      );
      log(`the servers' log lines about it:\n${said.slice(-40).join("\n")}`);
    }

    // ---------- the sign-in and upload limits, across the servers ----------

    const signInLines = () =>
      sites.map((site) => servedLines(site).filter((line) => line.includes(" POST /api/auth/signin ")).length);
    const signInsBefore = signInLines();
    const attempt = async (from: string, username: string, password: string) => {
      // Each client address its own connection: nginx sees it and passes it on in X-Forwarded-For.
      const fromAddress = httpClient({ ca: nginx.ca, localAddress: from, keepAlive: false });
      try {
        return (await json("POST", `${base}/api/auth/signin`, { username, password }, {}, fromAddress)).status;
      } finally {
        fromAddress.close();
      }
    };
    const allowed = (statuses: number[]) => statuses.findIndex((status) => status === 429);
    const target = {
      username: `cluster.target.${tag()}`,
      email: `target.${tag()}@example.edu`,
      password: "target account password",
    };
    const member = {
      username: `cluster.member.${tag()}`,
      email: `member.${tag()}@example.edu`,
      password: "member account password",
    };
    for (const account of [target, member]) {
      const made = await json("POST", `${base}/api/auth/signup`, account);
      if (made.status !== 201) throw new Error(`sign-up through nginx failed: ${made.status} ${made.text()}`);
    }
    // Per account: wrong passwords from a new address each time, spread by nginx over the servers.
    const perAccount: number[] = [];
    for (let i = 0; i < LIMITS.signIn + 2; i++)
      perAccount.push(await attempt(`127.0.1.${i + 1}`, target.username, `wrong ${i}`));
    perAccount.push(await attempt("127.0.1.200", target.username, target.password));
    // Per address: a different (unknown) name each time, from one address.
    const perAddress: number[] = [];
    for (let i = 0; i < LIMITS.signIn + 2; i++)
      perAddress.push(await attempt("127.0.2.1", `nobody.${i}.${tag()}`, "wrong"));
    const signInServers = signInLines().filter((count, i) => count > signInsBefore[i]).length;
    const expectedStatuses = (statuses: number[]) =>
      statuses.every((status, i) => status === (i < LIMITS.signIn ? 401 : 429));
    if (!expectedStatuses(perAccount.slice(0, -1)) || perAccount.at(-1) !== 429)
      problems.push(`sign-in per account across servers: ${perAccount.join(" ")} (10 x 401, then 429)`);
    if (!expectedStatuses(perAddress))
      problems.push(`sign-in per address across servers: ${perAddress.join(" ")} (10 x 401, then 429)`);
    if (signInServers < SERVERS) problems.push(`the sign-in attempts reached ${signInServers} of ${SERVERS} servers`);
    // Uploads: an account that is not an admin may upload 20 files an hour (profile photos, the
    // only kind it may upload), wherever they land.
    const memberSignIn = await json("POST", `${base}/api/auth/signin`, {
      username: member.username,
      password: member.password,
    });
    const memberCookie = cookieOf(memberSignIn);
    const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const uploadStatuses: number[] = [];
    for (let i = 0; i < LIMITS.uploadsPerHour + 2; i++) {
      const answer = await client.request("POST", `${base}/api/uploads?purpose=avatar`, {
        headers: { cookie: memberCookie, "content-type": "image/png", "x-file-name": "mine.png" },
        body: small,
      });
      uploadStatuses.push(answer.status);
    }
    if (!uploadStatuses.every((status, i) => status === (i < LIMITS.uploadsPerHour ? 201 : 429)))
      problems.push(`uploads per hour across servers: ${uploadStatuses.join(" ")} (20 x 201, then 429)`);
    const limits = {
      signInPerAccount: allowed(perAccount),
      signInPerAddress: allowed(perAddress),
      uploadsPerHour: allowed(uploadStatuses),
      signInServers,
    };

    // ---------- every acknowledged write, in the database and on every server ----------

    const found = await checkDatabase(database.url, ledger, problems);
    const readership = await checkReadership(database.url, records, problems);
    const pagesChecked = await checkPages(sites, direct, ledger, problems);
    const uploads = await checkUploads(sites, direct, ledger, problems);

    const reads = records.filter((r) => !r.write).length;
    return {
      durationMs: Date.now() - startedAt,
      requests: { served: records.filter(served).length, failed: failed.length, reads, writes: records.length - reads },
      writes: { acknowledged: ledger.acks.length, found, unsure: ledger.unsure },
      visibility,
      pagesChecked,
      uploads,
      kill,
      rolling: { requests: rolling.length, failed: rolling.filter((r) => !r.ok).length },
      readership,
      limits,
      kit,
      problems,
    };
  } catch (error) {
    // What the servers and nginx said helps more than the stack alone.
    const said = sites
      .map((site, i) => `--- server ${i + 1} (last lines)\n${site?.output().split("\n").slice(-15).join("\n")}`)
      .join("\n");
    throw new Error(`${(error as Error).stack}\n${said}`, { cause: error });
  } finally {
    await traffic?.stop().catch(() => {});
    for (const cleanup of cleanups.reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
    killAllSites();
  }
}

/**
 * Readership through the kill and the restarts (issue 35): every signed-out page read answered 200
 * is counted exactly once in the figures, and none that failed more than once. A read the killed
 * server spooled before it died and nginx then sent to another server is one session's double
 * click; the killed server's spool was sent when it started again. Waits until every server's
 * pass has summed every read.
 */
async function checkReadership(url: string, records: RequestRecord[], problems: string[]) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // Spools are sent every second; reads are summed once 40 s old, by a pass every 15 s.
    await sleep(3000);
    const deadline = Date.now() + 150_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from readership_events where summed_at is null",
      );
      if (rows[0].n === 0) break;
      if (Date.now() > deadline) {
        problems.push(`readership: ${rows[0].n} reads were still not summed 150 s after the load`);
        break;
      }
      await sleep(2000);
    }
    const { rows } = await db.query<{ host: string; views: number }>(
      "select host, sum(views)::int as views from readership_referrers where host like $1 group by host",
      [`%.${READERS_DOMAIN}`],
    );
    const views = new Map(rows.map((row) => [row.host, row.views]));
    const reads = records.filter((record) => record.referrerHost);
    let acknowledged = 0;
    let countedOnce = 0;
    const wrong: string[] = [];
    for (const read of reads) {
      const counted = views.get(read.referrerHost!) ?? 0;
      if (read.outcome === "200") {
        acknowledged++;
        if (counted === 1) countedOnce++;
        else wrong.push(`${read.id} GET ${read.path} answered 200, counted ${counted} times`);
      } else if (counted > 1) {
        wrong.push(`${read.id} GET ${read.path} answered ${read.outcome}, counted ${counted} times`);
      }
    }
    if (wrong.length) {
      // What the database holds of the first few: whether each reached it, was summed, counted, a robot's.
      const shown: string[] = [];
      for (const line of wrong.slice(0, 5)) {
        const host = reads.find((read) => line.startsWith(`${read.id} `))?.referrerHost;
        const { rows: events } = await db.query<{
          id: string;
          at: Date;
          summed: boolean;
          counted: boolean;
          robot: boolean;
        }>(
          "select id, at, summed_at is not null as summed, counted, robot from readership_events where referrer_host = $1 order by at",
          [host],
        );
        const held = events.map(
          (e) => `${e.id} at ${e.at.toISOString()} summed ${e.summed} counted ${e.counted} robot ${e.robot}`,
        );
        shown.push(`${line} (events: ${held.join(", ") || "none"})`);
      }
      problems.push(`readership: ${wrong.length} reads miscounted, e.g. ${shown.join("; ")}`);
    }
    return { reads: reads.length, acknowledged, countedOnce };
  } finally {
    await db.end();
  }
}

/** Every acknowledged write against the database's final state; returns how many were found. */
async function checkDatabase(url: string, ledger: Ledger, problems: string[]): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const posts = new Map(
      // Live rows: a delete moves a post to the trash (decision 020), where it no longer counts as there.
      (
        await db.query<{ id: string; title: string; image: string }>(
          "select id, title, image from posts where deleted_at is null",
        )
      ).rows.map((r) => [r.id, r]),
    );
    const journals = new Map(
      (
        await db.query<{ id: string; filename: string; file: string }>(
          "select id, title as filename, pdf as file from articles where deleted_at is null",
        )
      ).rows.map((r) => [r.id, r]),
    );
    const media = new Set(
      (await db.query<{ storage_key: string }>("select storage_key from media")).rows.map((r) => r.storage_key),
    );
    const settings = new Map(
      (
        await db.query<{ section: string; title: string | null }>(
          "select section, fields->>'title' as title from site_settings",
        )
      ).rows.map((r) => [r.section, r.title]),
    );
    let found = 0;
    for (const ack of ledger.acks) {
      const holds = (() => {
        switch (ack.kind) {
          case "upload": {
            const journalId = ledger.uploads.get(ack.url)?.journalId;
            const withdrawnWith = journalId ? ledger.journals.get(journalId) : undefined;
            return (
              media.has(ack.url.slice("/uploads/".length)) ||
              Boolean(withdrawnWith && (withdrawnWith.deleted || withdrawnWith.unsure))
            );
          }
          case "post": {
            const entry = ledger.posts.get(ack.id)!;
            const row = posts.get(ack.id);
            // Saved, then perhaps edited again or deleted: the last word is what must be there.
            if (entry.deleted || entry.unsure) return entry.unsure || !row;
            return Boolean(
              row && [entry.title, ...entry.unsureTitles].includes(row.title) && row.image === entry.image,
            );
          }
          case "journal": {
            const entry = ledger.journals.get(ack.id)!;
            const row = journals.get(ack.id);
            if (entry.deleted || entry.unsure) return entry.unsure || !row;
            return Boolean(row && row.filename === entry.filename && row.file === entry.file);
          }
          case "settings": {
            const entry = ledger.settings.get(ack.section)!;
            return [entry.acked, ...entry.unsure].includes(settings.get(ack.section) ?? undefined);
          }
        }
      })();
      if (holds) found++;
      else problems.push(`an acknowledged write is not in the database: ${JSON.stringify(ack)}`);
    }
    return found;
  } finally {
    await db.end();
  }
}

/** Each acknowledged post, article and heading on its page, on every server. */
async function checkPages(
  sites: SiteProcess[],
  direct: HttpClient,
  ledger: Ledger,
  problems: string[],
): Promise<number> {
  const expected: [string, string][] = [];
  for (const post of ledger.posts.values())
    if (!post.deleted && !post.unsure && post.unsureTitles.length === 0)
      expected.push([`/post/${post.slug}`, post.title]);
  for (const journal of ledger.journals.values())
    if (!journal.deleted && !journal.unsure) expected.push([`/journal/${journal.slug}`, journal.filename]);
  for (const [section, entry] of ledger.settings)
    if (entry.acked && entry.unsure.length === 0) expected.push([WRITER_SECTIONS[section], entry.acked]);
  const checks = sites.flatMap((site) => expected.map(([pathname, text]) => ({ url: `${site.url}${pathname}`, text })));
  await inParallel(checks, 6, async ({ url, text }) => {
    const answer = await direct.get(url);
    if (answer.status !== 200 || !answer.text().includes(text))
      problems.push(`${url} (${answer.status}) does not show "${text}"`);
  });
  return checks.length;
}

/** Each acknowledged upload still in use, fetched from every server. */
async function checkUploads(sites: SiteProcess[], direct: HttpClient, ledger: Ledger, problems: string[]) {
  const urls = [...ledger.uploads].filter(([, { journalId }]) => {
    const journal = journalId ? ledger.journals.get(journalId) : undefined;
    return !(journal && (journal.deleted || journal.unsure));
  });
  const missing = new Set<string>();
  await inParallel(
    urls.flatMap(([url]) => sites.map((site) => ({ url, site }))),
    6,
    async ({ url, site }) => {
      const answer = await direct.get(`${site.url}${url}`);
      const whole =
        answer.status === 200 &&
        answer.body.length > 0 &&
        (!url.endsWith(".pdf") || answer.body.subarray(0, 5).toString() === "%PDF-");
      if (!whole) {
        missing.add(url);
        problems.push(`${site.url}${url}: ${answer.status}, ${answer.body.length} bytes`);
      }
    },
  );
  return { checked: urls.length, servedByAll: urls.length - missing.size };
}

/** The report as lines a person reads (printed by the test and by `npm run cluster`). */
export function describeReport(report: ClusterReport): string[] {
  const { requests, writes, visibility, kill, rolling, limits, uploads } = report;
  return [
    `${SERVERS} app servers on one PostgreSQL and one S3 store behind nginx, ${Math.round(report.durationMs / 1000)} s in all`,
    `requests through nginx: ${requests.served} served, ${requests.failed} failed (${requests.reads} reads, ${requests.writes} writes)`,
    `writes: ${writes.acknowledged} acknowledged, ${writes.found} found afterwards (${writes.unsure} not acknowledged: cut off by the kill)`,
    `a write on one server shown to requests sent to the others after: p50 ${visibility.p50Ms} ms, max ${visibility.maxMs} ms (${visibility.samples} samples); those answered after p50 ${visibility.answeredP50Ms} ms, max ${visibility.answeredMaxMs} ms (the page rendered again)`,
    `kill -9 of one server: ${kill.failed} of the ${kill.inHand} requests it had in hand when it died failed (nginx retried the others on another server), no other request; requests/s before ${kill.rps.before}, with one server down ${kill.rps.down}, after its restart ${kill.rps.after} (it answered ${Math.round(kill.restartedShare * 100)} %)`,
    `rolling restart (SIGTERM, one at a time): ${rolling.failed} of ${rolling.requests} requests failed`,
    `readership: ${report.readership.countedOnce} of the ${report.readership.acknowledged} signed-out page reads answered 200 counted exactly once (${report.readership.reads} sent)`,
    `uploads: ${uploads.servedByAll} of ${uploads.checked} served by every server; ${report.pagesChecked} pages checked on every server`,
    `limits across the servers: ${limits.signInPerAccount} sign-in attempts per account and ${limits.signInPerAddress} per address before 429 (limit ${LIMITS.signIn}, attempts reached ${limits.signInServers} servers), ${limits.uploadsPerHour} uploads an hour (limit ${LIMITS.uploadsPerHour})`,
    `deployment kit: ${report.kit.join("; ")}`,
    "scheduled publishing: the site has none yet, so it is not tested",
    ...(report.problems.length ? ["PROBLEMS:", ...report.problems.map((p) => `  ${p}`)] : ["no problems"]),
  ];
}
