// npm run bench -- --memory [--duration SECONDS] [--connections N]
//
// The memory limits of decision 015 on the embedded database, measured the way an operator meets
// them: the first start of a new site (`npm start` with its defaults on an empty DATA_DIR: the
// database is created, the demo content added and the demo PDFs read), its resident memory once it
// has settled, then an admin's upload of a 50 MB PDF of 300 pages and the reading of its text for
// search, then its peak under the cold-page load of `npm run bench` (pages no one asked for
// before). Memory is the process tree (bench/process-memory.mjs): the supervisor, the server and every
// process it starts, sampled every 100 ms. Writes bench/results/memory-pglite.json and .md, and
// exits with 1 when a limit is not met.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { bigPdf, LAST_PAGE_WORD } from "./big-pdf.mjs";
import { treeMemory, watchTree } from "./process-memory.mjs";
import { ensureBuild, freePort, signInCookie } from "./shared.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const { values: args } = parseArgs({
  options: {
    memory: { type: "boolean", default: true },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);

/** The limits (issue 31): resident memory after the first start, and at the peaks. */
const LIMITS = { settledMb: 250, peakMb: 350 };
const PDF = { pages: 300, bytes: 50 * 1024 * 1024 };

const work = path.join(root, ".tmp", "bench-memory");
const resultsDir = path.join(root, "bench", "results");
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.mkdirSync(resultsDir, { recursive: true });

const log = (...parts) => console.log(`memory bench: ${parts.join(" ")}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

// The server on the last core, the load generator on the first (as bench/run.mjs does).
const cores = os.availableParallelism();
const canPin = cores >= 2 && spawnSync("taskset", ["-c", "0", "true"]).status === 0;
const pinned = (core, command, commandArgs) =>
  canPin ? ["taskset", ["-c", String(core), command, ...commandArgs]] : [command, commandArgs];

/** Waits until `check` answers something, asking every `everyMs`. */
async function until(what, check, { timeoutMs = 300_000, everyMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await check().catch(() => undefined);
    if (answer) return answer;
    await sleep(everyMs);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/**
 * Memory once the server has been left alone: sampled every second for `seconds`; the figure is
 * the highest sample of the last third (what it holds between bursts, not a lucky dip).
 */
async function settled(pid, seconds = 30) {
  const samples = [];
  for (let i = 0; i < seconds; i++) {
    await sleep(1000);
    samples.push(treeMemory(pid));
  }
  const tail = samples.slice(Math.floor((seconds * 2) / 3));
  return {
    rssMb: Math.max(...tail.map((s) => s.rssMb)),
    serverRssMb: Math.max(...tail.map((s) => s.serverRssMb)),
    processes: Math.max(...tail.map((s) => s.processes)),
    serverHighWaterMb: samples.at(-1).serverHighWaterMb,
  };
}

/** `npm start` on an empty data folder, with every default (the demo content among them). */
async function firstStart() {
  const port = await freePort();
  const dataDir = path.join(work, "site");
  const env = { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir };
  for (const name of ["DATABASE_URL", "DEMO_CONTENT", "PAGE_CACHE", "HEAP_OLD_SPACE_MB", "HEAP_SEMI_SPACE_MB"])
    delete env[name];
  const [command, commandArgs] = pinned(cores - 1, process.execPath, ["scripts/start.mjs"]);
  const started = Date.now();
  const child = spawn(command, commandArgs, { env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  // taskset replaces itself with node (exec), so the pid is the server's.
  const stopWatching = watchTree(child.pid);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  await until("the site's start", async () => (await fetch(`${base}/healthz`)).ok);
  const readyMs = Date.now() - started;
  await until("the reading of the demo PDFs", async () => /Search: read the text of \d+ PDF/.test(output));
  const pdfsReadMs = Date.now() - started;
  const peak = stopWatching();
  log(`ready after ${readyMs} ms, demo PDFs read after ${pdfsReadMs} ms; letting it settle`);
  return { child, base, dataDir, readyMs, pdfsReadMs, peak, settled: await settled(child.pid) };
}

/** bench/load.mjs on the load generator's core: one autocannon run whose every request is a new address. */
function runLoad(plan) {
  const [command, commandArgs] = pinned(0, process.execPath, [
    path.join(root, "bench", "load.mjs"),
    JSON.stringify(plan),
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`))));
  });
}

/** The cold-page load of bench/run.mjs: Show More from posts and articles the cache has not seen. */
async function coldLoad(site) {
  const stopWatching = watchTree(site.child.pid);
  const runs = [];
  for (const [page, fresh] of [
    ["news, Show More from an unseen post", "posts-after"],
    ["journals, Show More from an unseen article", "journals-after"],
  ]) {
    log(`cold ${page}`);
    const plan = { base: site.base, connections: CONNECTIONS, mix: [{ weight: 1, fresh }] };
    await runLoad({ ...plan, duration: 2 });
    const r = await runLoad({ ...plan, duration: DURATION });
    runs.push({
      page,
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + (r.non2xx ?? 0),
    });
  }
  const peak = stopWatching();
  return { runs, peak, settled: await settled(site.child.pid) };
}

/** An admin (made through the running server's operator socket) signed in. */
async function signedInAdmin(site) {
  const admin = { username: "memory.bench", email: "memory.bench@example.edu", password: "memory bench password" };
  const made = spawnSync(
    process.execPath,
    ["scripts/create-admin.mjs", "--username", admin.username, "--email", admin.email, "--password", admin.password],
    { env: { ...process.env, NODE_ENV: "production", DATA_DIR: site.dataDir }, encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`create-admin failed: ${made.stdout}${made.stderr}`);
  return signInCookie(site.base, admin);
}

/** A new article with a 50 MB PDF of 300 pages, uploaded as the dashboard does; then its text read for search. */
async function largePdf(site) {
  const cookie = await signedInAdmin(site);
  const bytes = bigPdf(PDF);
  log(`uploading a PDF of ${PDF.pages} pages and ${(bytes.length / 2 ** 20).toFixed(1)} MB`);
  const uploadWatch = watchTree(site.child.pid);
  const uploaded = await fetch(`${site.base}/api/uploads?purpose=pdf`, {
    method: "POST",
    headers: { cookie, "content-type": "application/pdf", "x-file-name": "field-observations.pdf" },
    body: bytes,
  });
  if (!uploaded.ok) throw new Error(`the upload failed: ${uploaded.status} ${await uploaded.text()}`);
  const { url } = await uploaded.json();
  const created = await fetch(`${site.base}/api/journal/create`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ filename: "Field observations, 300 pages", details: "<p>Appendices.</p>", file: url }),
  });
  if (created.status !== 201) throw new Error(`the article was not created: ${created.status} ${await created.text()}`);
  const upload = uploadWatch();
  // The reader looks for new PDFs every 20 s; the word of the last page is found once all were read.
  const readWatch = watchTree(site.child.pid);
  const started = Date.now();
  const found = await until(
    "the reading of the large PDF",
    async () => {
      const answer = await (await fetch(`${site.base}/api/search?q=${LAST_PAGE_WORD}`)).json();
      return answer.results?.find((hit) => hit.title === "Field observations, 300 pages");
    },
    { timeoutMs: 180_000, everyMs: 1000 },
  );
  const read = readWatch();
  log(`its text was found by search after ${Date.now() - started} ms; letting it settle`);
  return {
    fileMb: Math.round((bytes.length / 2 ** 20) * 10) / 10,
    pages: PDF.pages,
    uploadPeak: upload,
    readPeak: read,
    foundByItsLastPage: Boolean(found),
    settled: await settled(site.child.pid),
  };
}

ensureBuild();
const site = await firstStart();
const report = {
  date: new Date().toISOString(),
  database: "pglite",
  machine: {
    cores,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  limits: LIMITS,
  firstStart: { readyMs: site.readyMs, pdfsReadMs: site.pdfsReadMs, peak: site.peak, settled: site.settled },
};
// The large PDF first, on the server as the first start left it; then the load, which fills the
// page cache (PAGE_CACHE_MB) and so leaves the server holding more than before it.
report.largePdf = await largePdf(site);
report.coldLoad = await coldLoad(site);
site.child.kill("SIGTERM");
await new Promise((resolve) => site.child.once("exit", resolve));

const checks = [
  ["after the first start, settled", report.firstStart.settled, LIMITS.settledMb],
  ["peak while a 50 MB PDF is uploaded", report.largePdf.uploadPeak, LIMITS.peakMb],
  ["peak while its text is read (300 pages)", report.largePdf.readPeak, LIMITS.peakMb],
  ["after its text was read, settled", report.largePdf.settled, LIMITS.settledMb],
  ["peak under the cold-page load", report.coldLoad.peak, LIMITS.peakMb],
];
report.checks = checks.map(([what, memory, limit]) => ({
  what,
  mb: memory.rssMb,
  serverMb: memory.serverRssMb,
  limit,
  met: memory.rssMb <= limit,
}));
const allMet = report.checks.every((c) => c.met) && report.largePdf.foundByItsLastPage;

const row = (cells) => `| ${cells.join(" | ")} |`;
const md = `# Memory on the embedded database (decision 015)

${report.date}. ${cores} cores (${report.machine.cpu}), ${report.machine.memoryGb} GB, Node ${process.version}. \`npm start\` with its defaults on an empty data folder; memory is the resident set of \`npm start\`'s supervisor, the server it runs and every process the server started (summed VmRSS; "server alone" is the serving process), sampled every 100 ms; settled = the highest of the last 10 of 30 one-second samples after the work).

${row(["when", "process tree", "server alone", "limit", "met"])}
${row(["---", "---", "---", "---", "---"])}
${row(["first start: peak (database created, demo added, demo PDFs read)", `${report.firstStart.peak.rssMb} MB`, `${report.firstStart.peak.serverRssMb} MB`, "", ""])}
${report.checks.map((c) => row([c.what, `${c.mb} MB`, `${c.serverMb} MB`, `${c.limit} MB`, c.met ? "yes" : "**no**"])).join("\n")}

The server's own high-water mark after the first start: ${report.firstStart.settled.serverHighWaterMb} MB (it includes the start itself). Ready after ${report.firstStart.readyMs} ms, demo PDFs read after ${report.firstStart.pdfsReadMs} ms.

After the cold-page load, settled: ${report.coldLoad.settled.rssMb} MB (its page cache filled up to PAGE_CACHE_MB).

Cold-page load (${CONNECTIONS} connections, ${DURATION} s each after a 2 s warm-up):

${row(["page", "req/s", "p99", "errors"])}
${row(["---", "---", "---", "---"])}
${report.coldLoad.runs.map((r) => row([r.page, r.rps, `${r.p99} ms`, r.errors])).join("\n")}

The large PDF: ${report.largePdf.fileMb} MB, ${report.largePdf.pages} pages (text and a scanned-looking image on each); its last page's word found by site search: ${report.largePdf.foundByItsLastPage ? "yes" : "**no**"}. Most processes in the tree at once while it was read: ${report.largePdf.readPeak.processes}.
`;
fs.writeFileSync(path.join(resultsDir, "memory-pglite.json"), `${JSON.stringify(report, null, 2)}\n`);
fs.writeFileSync(path.join(resultsDir, "memory-pglite.md"), md);
console.log(`\n${md}\nWritten to bench/results/memory-pglite.json and .md`);
process.exit(allMet ? 0 : 1);
