// npm run bench [-- --postgres URL] [-- --large] [-- --duration SECONDS]
//
// Builds the site, starts it on a fresh database with the demo content, and measures it with
// autocannon on 127.0.0.1, side by side with nginx serving the same HTML bytes from files (the
// physical limit for those pages on this machine). Writes bench/results/<name>.json and .md.
// --large adds 100,000 posts and 20,000 journals and compares uncached rendering with the small set.
// --crawl asks for every one of those 120,000 pages once, with the page cache on, as a crawler
// would: no 5xx, and the server's memory within bounds.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { treeMemory, watchTree } from "./process-memory.mjs";
import { createAdmin, ensureBuild, freePort, runScript, scratchDatabase, signInCookie, waitFor } from "./shared.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
// The benches of their own, which a flag hands the whole run to (with the same --postgres and the rest):
// --search, site search (bench/search.mjs); --submissions, the editor's desk and the figures with
// 10,000 submissions (bench/submissions.mjs); --readership, the Analytics tab over a year of
// readership for 20,000 articles (bench/readership.mjs); --memory, the memory limits of decision 015
// (bench/memory.mjs).
for (const bench of ["search", "submissions", "readership", "memory"]) {
  if (!process.argv.includes(`--${bench}`)) continue;
  const { status } = spawnSync(process.execPath, [path.join(root, "bench", `${bench}.mjs`), ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  process.exit(status ?? 1);
}
const { values: args } = parseArgs({
  options: {
    postgres: { type: "string" },
    large: { type: "boolean", default: false },
    crawl: { type: "boolean", default: false },
    counting: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const work = path.join(root, ".tmp", "bench");
const resultsDir = path.join(root, "bench", "results");
fs.mkdirSync(resultsDir, { recursive: true });
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

const children = [];
const cleanups = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const log = (...parts) => console.log(`[bench] ${parts.join(" ")}`);

// ---------- the machine ----------

const cores = os.availableParallelism();
const canPin = cores >= 2 && spawnSync("taskset", ["-c", "0", "true"]).status === 0;
/** The servers run on the last core, the load generator on the first (when the machine allows). */
const pinned = (core, command, commandArgs) =>
  canPin ? ["taskset", ["-c", String(core), command, ...commandArgs]] : [command, commandArgs];
const SERVER_CORE = cores - 1;
const LOAD_CORE = 0;

function ensureNginx() {
  if (spawnSync("sh", ["-c", "command -v nginx"]).status === 0) return;
  log("nginx is missing: installing it from Debian's packages (apt-get install -y nginx-light or nginx)");
  const installed = spawnSync(
    "sh",
    [
      "-c",
      "apt-get install -y nginx-light || apt-get install -y nginx || (apt-get update && apt-get install -y nginx)",
    ],
    { stdio: "inherit" },
  );
  if (installed.status !== 0) throw new Error("nginx could not be installed; install it and run the bench again.");
}

// ---------- the site ----------

async function startSite({ dataDir, databaseUrl, pageCache, readership = true }) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    PAGE_CACHE: String(pageCache),
    READERSHIP: String(readership),
    DEMO_CONTENT: "true",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // As `npm start` runs it: a supervisor, and the server in its child process with the memory
  // settings (decision 033); the server's process is the one measured.
  const [command, commandArgs] = pinned(SERVER_CORE, process.execPath, ["scripts/start.mjs"]);
  const child = spawn(command, commandArgs, { env, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return { base, stop, child, pid: serverPidOf(child.pid) };
}

const ADMIN = { username: "bench.admin", email: "bench.admin@example.edu", password: "bench admin password" };

/** The pages measured: addresses found through the API, as a visitor would reach them. */
async function pagesOf(base) {
  const api = async (p) => (await fetch(`${base}${p}`)).json();
  const post = (await api("/api/post/getposts?limit=1")).posts[0];
  const journal = (await api("/api/journal/getjournals?limit=1")).journals[0];
  const department = (await api("/api/departments/getdepart"))[0];
  return [
    { name: "home", path: "/" },
    { name: "posts", path: "/posts" },
    { name: "post", path: `/post/${post.slug}` },
    { name: "journals", path: "/journals" },
    { name: "journal", path: `/journal/${journal.slug}` },
    { name: "department", path: `/programmes/${department._id}` },
  ];
}

// ---------- nginx ----------

async function startNginx(files) {
  ensureNginx();
  const prefix = path.join(work, "nginx");
  const html = path.join(prefix, "html");
  fs.mkdirSync(path.join(prefix, "logs"), { recursive: true });
  fs.mkdirSync(html, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(html, `${name}.html`), bytes);
  const port = await freePort();
  // The mask's rightmost digit is core 0.
  const affinity = canPin ? `worker_cpu_affinity 1${"0".repeat(SERVER_CORE)};` : "";
  // Paths in the configuration are relative to the prefix folder (nginx -p).
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes 1;
${affinity}
${process.getuid?.() === 0 ? "user root;" : ""}
pid nginx.pid;
error_log logs/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { text/html html; }
  client_body_temp_path tmp;
  proxy_temp_path tmp;
  fastcgi_temp_path tmp;
  uwsgi_temp_path tmp;
  scgi_temp_path tmp;
  server {
    listen 127.0.0.1:${port};
    root html;
  }
}
`,
  );
  fs.mkdirSync(path.join(prefix, "tmp"), { recursive: true });
  const child = spawn("nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/${Object.keys(files)[0]}.html`);
  return { base, stop: () => child.kill("SIGTERM") };
}

// ---------- load ----------

/** The server `npm start` runs in a child process (Linux's /proc), or the process itself without one. */
function serverPidOf(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).at(-1)) || pid;
  } catch {
    return pid;
  }
}

/** CPU time (user + system) a process has used, in milliseconds; undefined where /proc is missing. */
function cpuMillis(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/**
 * The resident memory of the server and the processes it started (the PDF reader), in MB, and the
 * server's own high-water mark since it started (VmHWM): bench/process-memory.mjs.
 */
function memoryOf(pid) {
  const { rssMb, serverHighWaterMb } = treeMemory(pid);
  return { rssMb, highWaterMb: serverHighWaterMb };
}

/** Samples the server's process tree every 100 ms until stopped; the highest sample is the peak. */
function watchMemory(pid) {
  const stop = watchTree(pid);
  return () => stop().rssMb;
}

/** Runs a command on the load generator's core without blocking this process (which samples memory meanwhile). */
function runLoadGenerator(command, commandArgs) {
  const [pinnedCommand, pinnedArgs] = pinned(LOAD_CORE, command, commandArgs);
  return new Promise((resolve, reject) => {
    const child = spawn(pinnedCommand, pinnedArgs, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/**
 * One autocannon run on the load generator's core; a short warm-up first. `target` is a URL (one
 * address, the autocannon command line) or a plan for bench/load.mjs (addresses that vary). With
 * `pid`, also the server's CPU time per request (what one core's worth of requests per second
 * would be, whatever else shares the machine) and its peak resident memory during the run.
 */
async function load(target, headers = {}, pid = undefined) {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}=${v}`]);
  const bin = path.join(root, "node_modules", ".bin", "autocannon");
  const run = (duration) =>
    typeof target === "string"
      ? runLoadGenerator(bin, ["-c", String(CONNECTIONS), "-d", String(duration), "-j", ...headerArgs, target])
      : runLoadGenerator(process.execPath, [
          path.join(root, "bench", "load.mjs"),
          JSON.stringify({ connections: CONNECTIONS, duration, ...target }),
        ]);
  const peak = pid && watchMemory(pid);
  await run(2);
  const cpuBefore = pid && cpuMillis(pid);
  const r = await run(target.amount ? undefined : DURATION);
  const peakRssMb = peak ? peak() : undefined;
  const cpuAfter = pid && cpuMillis(pid);
  const cpuPerRequest =
    cpuBefore !== undefined && cpuAfter !== undefined && r.requests.total
      ? Math.round(((cpuAfter - cpuBefore) / r.requests.total) * 1000) / 1000
      : undefined;
  return {
    cpuMsPerRequest: cpuPerRequest,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
    ...(r.statuses ? { statuses: r.statuses } : {}),
    bytesPerRequest: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    ...(peakRssMb ? { peakRssMb } : {}),
  };
}

/**
 * One wrk run (Debian's, C: far more requests a second from one core than autocannon) on the load
 * generator's core, after a 2 s warm-up: what the counting comparison needs, where the server must
 * be the one at its limit (with autocannon, our cached pages outran the load generator, and the
 * ratio of requests a second said nothing of the server's cost). Null where wrk is not installed.
 */
async function wrkLoad(url, headers, pid) {
  if (spawnSync("wrk", ["--version"]).error) return null;
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
  const run = (seconds) => {
    const [command, commandArgs] = pinned(LOAD_CORE, "wrk", [
      "-t1",
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      "--latency",
      ...headerArgs,
      url,
    ]);
    const result = spawnSync(command, commandArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`wrk exited with ${result.status}: ${result.stderr}`);
    return result.stdout;
  };
  run(2);
  const cpuBefore = cpuMillis(pid);
  const out = run(DURATION);
  const cpuAfter = cpuMillis(pid);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const ms = (label) => {
    const match = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!match) return undefined;
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]];
  };
  const failed = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  return {
    tool: "wrk",
    cpuMsPerRequest: requests ? Math.round(((cpuAfter - cpuBefore) / requests) * 1000) / 1000 : undefined,
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50: ms("50"),
    p99: ms("99"),
    requests,
    errors: failed ? Number(failed[1]) : 0,
  };
}

// ---------- the large data set ----------

const BULK_SQL = (pdf) => `
insert into posts (slug, title, category, image, content, created_at, updated_at)
select 'bulk-post-' || g, 'Generated bulletin number ' || g, (array['fees','course','exams','uncategorized'])[1 + g % 4], '',
       '<p>Generated post ' || g || ' for the flat-cost benchmark. ' || repeat('Peace research and conflict resolution. ', 20) || '</p>',
       now() - interval '400 days' - (g || ' minutes')::interval, now() - interval '400 days' - (g || ' minutes')::interval
from generate_series(1, 100000) g;
insert into articles (slug, title, abstract, pdf, pdf_text_of, created_at, updated_at)
select 'bulk-journal-' || g, 'Generated article number ' || g, '<p>Abstract ' || g || '.</p>', '${pdf}', '${pdf}',
       now() - interval '400 days' - (g || ' minutes')::interval, now() - interval '400 days' - (g || ' minutes')::interval
from generate_series(1, 20000) g;
analyze posts; analyze articles;`;

async function loadLargeDataSet({ dataDir, databaseUrl, pdf }) {
  const sql = BULK_SQL(pdf);
  if (databaseUrl) {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    await db.exec(sql);
    await db.close();
  }
}

// ---------- the runs ----------

async function freshDatabase() {
  if (!args.postgres) return undefined;
  return scratchDatabase(args.postgres, `bench_${Date.now()}`, { cleanups });
}

/** A fresh site with the demo content and an admin; returns its data folder and database. */
async function prepareSite(label) {
  const dataDir = path.join(work, label);
  const databaseUrl = await freshDatabase();
  if (databaseUrl) runScript("scripts/seed-demo.mjs", [], { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  // First start creates the embedded database and its demo content.
  const site = await startSite({ dataDir, databaseUrl, pageCache: true });
  const pdf = (await (await fetch(`${site.base}/api/journal/getjournals?limit=1`)).json()).journals[0].file;
  await site.stop();
  createAdmin(ADMIN, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  return { dataDir, databaseUrl, pdf };
}

function table(rows, columns) {
  const head = `| ${columns.map((c) => c.label).join(" | ")} |\n|${columns.map(() => "---").join("|")}|`;
  return `${head}\n${rows.map((row) => `| ${columns.map((c) => c.value(row)).join(" | ")} |`).join("\n")}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Memory once the server has been idle a while: what it holds between bursts. */
async function settledMemory(pid) {
  await sleep(5000);
  return memoryOf(pid);
}

/** Cache misses: every request asks for an address no one has asked for before. */
const COLD_PAGES = [
  { page: "news, Show More from an unseen post", mix: [{ weight: 1, fresh: "posts-after" }] },
  { page: "journals, Show More from an unseen article", mix: [{ weight: 1, fresh: "journals-after" }] },
];

async function sideBySide() {
  const prepared = await prepareSite("site");
  const site = await startSite({ ...prepared, pageCache: true });
  const memory = { start: await settledMemory(site.pid) };
  const pages = await pagesOf(site.base);
  const cookie = await signInCookie(site.base, ADMIN);
  const files = {};
  for (const page of pages) {
    // Warm the cache, then save exactly the bytes a signed-out visitor receives.
    await fetch(`${site.base}${page.path}`);
    files[page.name] = Buffer.from(await (await fetch(`${site.base}${page.path}`)).arrayBuffer());
  }
  const nginx = await startNginx(files);
  const rows = [];
  for (const page of pages) {
    log(`anonymous ${page.path}`);
    const ours = await load(`${site.base}${page.path}`, {}, site.pid);
    const limit = await load(`${nginx.base}/${page.name}.html`);
    rows.push({
      page: page.name,
      path: page.path,
      bytes: files[page.name].length,
      ours,
      nginx: limit,
      ratio: Math.round((ours.rps / limit.rps) * 1000) / 1000,
    });
  }
  nginx.stop();
  const cold = [];
  for (const page of COLD_PAGES) {
    log(`cold ${page.page}`);
    cold.push({ page: page.page, ours: await load({ base: site.base, mix: page.mix }, {}, site.pid) });
  }
  const signedIn = [];
  for (const tab of ["profile", "posts"]) {
    log(`signed in /dashboard?tab=${tab}`);
    signedIn.push({
      page: `dashboard ${tab}`,
      path: `/dashboard?tab=${tab}`,
      ours: await load(`${site.base}/dashboard?tab=${tab}`, { cookie }, site.pid),
    });
  }
  // Mixed: most visitors read cached pages, some arrive on pages no one has asked for, a few are
  // signed in; all at once.
  log("mixed load");
  const mix = [
    ...pages.map((page) => ({ weight: 12, path: page.path, kind: "cached" })),
    { weight: 10, fresh: "posts-after", kind: "fresh" },
    { weight: 5, fresh: "journals-after", kind: "fresh" },
    { weight: 5, path: "/dashboard?tab=posts", headers: { cookie }, kind: "signed in" },
    { weight: 5, path: "/dashboard?tab=profile", headers: { cookie }, kind: "signed in" },
  ];
  const totalWeight = mix.reduce((sum, entry) => sum + entry.weight, 0);
  const share = (kind) =>
    Math.round(
      (mix.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.weight, 0) * 100) / totalWeight,
    );
  const mixed = {
    shares: { cached: share("cached"), fresh: share("fresh"), signedIn: share("signed in") },
    ...(await load({ base: site.base, mix }, {}, site.pid)),
  };
  memory.end = await settledMemory(site.pid);
  memory.peakDuringLoadMb = Math.max(
    ...[...rows, ...cold, ...signedIn].map((r) => r.ours.peakRssMb ?? 0),
    mixed.peakRssMb ?? 0,
  );
  await site.stop();
  return { anonymous: rows, cold, signedIn, mixed, memory };
}

async function flatCost() {
  const results = {};
  for (const size of ["small", "large"]) {
    const prepared = await prepareSite(`flat-${size}`);
    if (size === "large") {
      log("loading 100,000 posts and 20,000 journals");
      await loadLargeDataSet(prepared);
    }
    // Uncached: the cost of rendering from the database is what must stay flat.
    const site = await startSite({ ...prepared, pageCache: false });
    const pages = await pagesOf(site.base);
    const postCount = (await (await fetch(`${site.base}/api/post/getposts?limit=1`)).json()).total;
    const lastPage = Math.max(2, Math.ceil(postCount / 9));
    // Show More's address for the last page: it starts after the last post of the page before.
    const before = (
      await (await fetch(`${site.base}/api/post/getposts?startIndex=${(lastPage - 1) * 9 - 1}&limit=1`)).json()
    ).posts[0];
    const targets = [
      ...pages.filter((p) => ["posts", "journals", "post", "home"].includes(p.name)),
      { name: "posts, last page of Show More", path: `/posts?page=${lastPage}&after=${before._id}` },
    ];
    results[size] = { posts: postCount, pages: [] };
    for (const target of targets) {
      log(`${size} uncached ${target.path}`);
      results[size].pages.push({ ...target, ours: await load(`${site.base}${target.path}`, {}, site.pid) });
    }
    await site.stop();
  }
  return results.small.pages.map((small, i) => {
    const large = results.large.pages[i];
    return {
      page: small.name,
      small,
      large,
      p50Ratio: Math.round((large.ours.p50 / Math.max(small.ours.p50, 0.01)) * 100) / 100,
    };
  });
}

/**
 * Readership counting's cost on the cached path (issue 35): the same cached pages, asked for by a
 * browser (so every request is counted: classified, hashed, spooled), with counting on and off,
 * three times each in turn so that a drift of the machine falls on both.
 */
const STARTED_SETTLE_MS = 8000;
async function countingSideBySide() {
  const prepared = await prepareSite("counting");
  const browser = {
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    "sec-fetch-dest": "document",
  };
  const runs = [];
  // On, off, off, on, on, off: a drift of the machine over the runs falls on both alike.
  for (const readership of [true, false, false, true, true, false]) {
    const site = await startSite({ ...prepared, pageCache: true, readership });
    // What a server does once started (the uploads' sweep, the PDFs' text, the first summing pass)
    // is over before the first page is measured, which it would otherwise slow.
    await sleep(STARTED_SETTLE_MS);
    const pages = (await pagesOf(site.base)).filter((page) => ["home", "journal", "post"].includes(page.name));
    for (const page of pages) {
      await fetch(`${site.base}${page.path}`);
      log(`counting ${readership ? "on" : "off"} ${page.path}`);
      runs.push({
        page: page.name,
        path: page.path,
        readership,
        ...((await wrkLoad(`${site.base}${page.path}`, browser, site.pid)) ??
          (await load(`${site.base}${page.path}`, browser, site.pid))),
      });
    }
    await site.stop();
  }
  const pages = [...new Set(runs.map((run) => run.page))];
  return pages.map((page) => {
    const mean = (on) => {
      const mine = runs.filter((run) => run.page === page && run.readership === on);
      return Math.round(mine.reduce((sum, run) => sum + run.rps, 0) / mine.length);
    };
    const cpu = (on) => {
      const mine = runs.filter((run) => run.page === page && run.readership === on);
      return Math.round((mine.reduce((sum, run) => sum + (run.cpuMsPerRequest ?? 0), 0) / mine.length) * 1000) / 1000;
    };
    const on = mean(true);
    const off = mean(false);
    return {
      page,
      path: runs.find((run) => run.page === page).path,
      on: { rps: on, cpuMsPerRequest: cpu(true) },
      off: { rps: off, cpuMsPerRequest: cpu(false) },
      ratio: Math.round((on / off) * 1000) / 1000,
      runs: runs.filter((run) => run.page === page),
    };
  });
}

/** Every generated post and article once, 50 at a time, with the page cache on. */
async function crawl() {
  const prepared = await prepareSite("crawl");
  log("loading 100,000 posts and 20,000 journals");
  await loadLargeDataSet(prepared);
  const site = await startSite({ ...prepared, pageCache: true });
  const memory = { start: await settledMemory(site.pid) };
  const runs = [];
  for (const [name, prefix, count] of [
    ["posts", "/post/bulk-post-", 100_000],
    ["articles", "/journal/bulk-journal-", 20_000],
  ]) {
    log(`crawling ${count} ${name}`);
    const started = Date.now();
    const peak = watchMemory(site.pid);
    const r = await runLoadGenerator(process.execPath, [
      path.join(root, "bench", "load.mjs"),
      JSON.stringify({
        base: site.base,
        connections: CONNECTIONS,
        amount: count,
        crawl: { prefix, count },
        mix: [{ weight: 1, fresh: "crawl" }],
      }),
    ]);
    runs.push({
      pages: name,
      requests: r.requests.total,
      seconds: Math.round((Date.now() - started) / 1000),
      rps: Math.round(r.requests.total / ((Date.now() - started) / 1000)),
      p50: r.latency.p50,
      p99: r.latency.p99,
      statuses: r.statuses,
      errors: r.errors + r.timeouts,
      peakRssMb: peak(),
    });
  }
  memory.end = await settledMemory(site.pid);
  await site.stop();
  return { runs, memory };
}

const database = args.postgres ? "postgresql" : "pglite";
const report = {
  date: new Date().toISOString(),
  database,
  machine: {
    cores,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  pinning: canPin
    ? `servers (ours and nginx) on core ${SERVER_CORE}, load generator on core ${LOAD_CORE} (taskset)`
    : "not pinned: the machine has one core or no taskset; load generator and server share the cores",
  load: { tool: "autocannon 9", connections: CONNECTIONS, durationSeconds: DURATION },
};

try {
  ensureBuild();
  if (args.crawl) report.crawl = await crawl();
  else if (args.counting) report.counting = await countingSideBySide();
  else if (args.large) report.flatCost = await flatCost();
  else Object.assign(report, await sideBySide());
} finally {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
}

const name = `${args.crawl ? "crawl" : args.counting ? "counting" : args.large ? "large" : "side-by-side"}-${database}`;
fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
const ms = (v) => `${v} ms`;
const RENDERED_COLUMNS = [
  { label: "page", value: (r) => r.page },
  { label: "req/s", value: (r) => r.ours.rps },
  { label: "p50", value: (r) => ms(r.ours.p50) },
  { label: "p99", value: (r) => ms(r.ours.p99) },
  { label: "errors", value: (r) => r.ours.errors },
  { label: "server CPU per request", value: (r) => (r.ours.cpuMsPerRequest ? ms(r.ours.cpuMsPerRequest) : "n/a") },
  {
    label: "req/s that CPU allows on one core",
    value: (r) => (r.ours.cpuMsPerRequest ? Math.round(1000 / r.ours.cpuMsPerRequest) : "n/a"),
  },
  { label: "peak RSS", value: (r) => (r.ours.peakRssMb ? `${r.ours.peakRssMb} MB` : "n/a") },
];
let md = `# Benchmark: ${args.crawl ? "a crawl of 120,000 pages" : args.counting ? "readership counting on the cached path" : args.large ? "flat cost as content grows" : "side by side with nginx"} (${database})\n\n${report.date}. ${cores} cores (${report.machine.cpu}), Node ${process.version}. ${report.pinning}. ${report.counting?.[0]?.runs[0]?.tool ?? "autocannon"}, ${CONNECTIONS} connections, ${args.crawl ? "each page asked for once, no warm-up" : `${DURATION} s per page after a 2 s warm-up`}, on 127.0.0.1.\n\n`;
if (report.anonymous) {
  md += `## Signed-out visitors (page cache) against nginx serving the same bytes\n\n${table(report.anonymous, [
    { label: "page", value: (r) => r.page },
    { label: "bytes", value: (r) => r.bytes },
    { label: "ours req/s", value: (r) => r.ours.rps },
    { label: "ours p50", value: (r) => ms(r.ours.p50) },
    { label: "ours p99", value: (r) => ms(r.ours.p99) },
    { label: "ours errors", value: (r) => r.ours.errors },
    { label: "nginx req/s", value: (r) => r.nginx.rps },
    { label: "nginx p50", value: (r) => ms(r.nginx.p50) },
    { label: "nginx p99", value: (r) => ms(r.nginx.p99) },
    { label: "ours / nginx", value: (r) => `${Math.round(r.ratio * 100)}%` },
  ])}\n\n## Signed-out visitors on pages no one asked for before (cache misses; goal: at least 150 req/s, p99 under 500 ms, no errors)\n\n${table(report.cold, RENDERED_COLUMNS)}\n\n## Signed in as an admin (rendered every time)\n\n${table(report.signedIn, RENDERED_COLUMNS)}\n\n## Mixed load\n\nCached pages ${report.mixed.shares.cached} %, pages no one asked for ${report.mixed.shares.fresh} %, signed-in dashboard pages ${report.mixed.shares.signedIn} %, all at once.\n\n${table([{ page: "mixed", ours: report.mixed }], RENDERED_COLUMNS)}\n\n## Memory of the server and the processes it started (resident set, from /proc)\n\n${table(
    [
      {
        what: "after the start (idle 5 s)",
        value: report.memory.start.rssMb,
        goal: database === "pglite" ? "250 MB" : "200 MB",
      },
      {
        what: "peak during the loads above (sampled every 100 ms)",
        value: report.memory.peakDuringLoadMb,
        goal: database === "pglite" ? "350 MB" : "",
      },
      { what: "at the end (idle 5 s)", value: report.memory.end.rssMb, goal: "" },
      {
        what: "the server process's high-water mark since it started (includes the start itself)",
        value: report.memory.end.highWaterMb,
        goal: "",
      },
    ],
    [
      { label: "when", value: (r) => r.what },
      { label: "RSS", value: (r) => `${r.value} MB` },
      { label: "goal (issue 17)", value: (r) => r.goal || "" },
    ],
  )}\n`;
}
if (report.counting) {
  md += `## Cached pages with readership counting on and off (goal: on at 95 % or more of off)\n\nEach page asked for by a browser's user agent, so that every request is counted; on, off, off, on, on, off, ${DURATION} s each, by ${report.counting[0]?.runs[0]?.tool ?? "autocannon"}; the means.\n\n${table(
    report.counting,
    [
      { label: "page", value: (r) => r.path },
      { label: "counting on req/s", value: (r) => r.on.rps },
      { label: "counting off req/s", value: (r) => r.off.rps },
      { label: "on / off", value: (r) => `${Math.round(r.ratio * 1000) / 10} %` },
      {
        label: "server CPU per request on / off",
        value: (r) => `${r.on.cpuMsPerRequest} / ${r.off.cpuMsPerRequest} ms`,
      },
    ],
  )}\n`;
}
if (report.crawl) {
  md += `## Every generated post and article asked for once, page cache on\n\n${table(report.crawl.runs, [
    { label: "pages", value: (r) => r.pages },
    { label: "requests", value: (r) => r.requests },
    { label: "seconds", value: (r) => r.seconds },
    { label: "req/s", value: (r) => r.rps },
    { label: "p50", value: (r) => ms(r.p50) },
    { label: "p99", value: (r) => ms(r.p99) },
    {
      label: "answers by status",
      value: (r) =>
        Object.entries(r.statuses ?? {})
          .map(([status, n]) => `${status}: ${n}`)
          .join(", "),
    },
    { label: "errors (no answer)", value: (r) => r.errors },
    { label: "peak RSS", value: (r) => `${r.peakRssMb} MB` },
  ])}\n\nServer RSS after the start ${report.crawl.memory.start.rssMb} MB, at the end ${report.crawl.memory.end.rssMb} MB (high-water mark ${report.crawl.memory.end.highWaterMb} MB).\n`;
}
if (report.flatCost) {
  md += `## Uncached rendering: demo content against 100,000 posts and 20,000 journals\n\n${table(report.flatCost, [
    { label: "page", value: (r) => r.page },
    { label: "small p50", value: (r) => ms(r.small.ours.p50) },
    { label: "large p50", value: (r) => ms(r.large.ours.p50) },
    { label: "large / small p50", value: (r) => `${r.p50Ratio}x` },
    { label: "small req/s", value: (r) => r.small.ours.rps },
    { label: "large req/s", value: (r) => r.large.ours.rps },
    { label: "large p99", value: (r) => ms(r.large.ours.p99) },
    {
      label: "small / large server CPU per request",
      value: (r) =>
        r.large.ours.cpuMsPerRequest ? `${r.small.ours.cpuMsPerRequest} / ${r.large.ours.cpuMsPerRequest} ms` : "n/a",
    },
    { label: "errors", value: (r) => r.small.ours.errors + r.large.ours.errors },
  ])}\n`;
}
fs.writeFileSync(path.join(resultsDir, `${name}.md`), md);
console.log(`\n${md}\nWritten to bench/results/${name}.json and .md`);
process.exit(0);
