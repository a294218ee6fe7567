// npm run bench -- --search [--postgres URL] [--queries N]   (or: node bench/search.mjs)
//
// Site search over 100,000 posts and 20,000 journal articles of varied text (decision 025): fills a
// fresh database with fast bulk SQL (words drawn from a vocabulary, common words often and rare
// ones seldom), then sends a mix of queries through the search service itself (common and rare
// words, phrases, exclusions, prefixes being typed, filters, later pages, suggestions) and reports
// p50/p95/p99 per kind of query and overall. The target is p99 < 50 ms. PGlite always; PostgreSQL
// too with --postgres URL, TEST_DATABASE_URL or DATABASE_URL (a scratch database is made and
// dropped on that server). Writes bench/results/search-<database>.json and .md. --keep keeps the
// filled embedded database in .tmp/ and uses it again on the next run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { createServer } from "vite";

import { spread } from "./shared.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    postgres: { type: "string" },
    queries: { type: "string", default: "600" },
    posts: { type: "string", default: "100000" },
    articles: { type: "string", default: "20000" },
    "pglite-only": { type: "boolean", default: false },
    search: { type: "boolean", default: false },
    // Keep the filled embedded database in .tmp/ and use it again next time (the fill takes minutes).
    keep: { type: "boolean", default: false },
  },
});
const POSTS = Number(args.posts);
const ARTICLES = Number(args.articles);
const QUERIES = Number(args.queries);
const TARGET_P99_MS = 50;
const postgresUrl = args["pglite-only"]
  ? undefined
  : (args.postgres ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const work = path.join(root, ".tmp", "bench-search");
const resultsDir = path.join(root, "bench", "results");
const log = (...parts) => console.log(`[bench:search] ${parts.join(" ")}`);

// ---------- the vocabulary ----------

// Words of the site's field, with their other forms, so stemming has work to do. Earlier words are
// drawn more often (a Zipf-like curve), as in real text.
const COMMON =
  `research peace conflict security community early+warning students conflict+resolution university centre study report
  government policy people local regional national development programme programmes public support
  human+rights peace+research dialogue resolution violence prevention leaders women youth training police education workshop
  negotiation negotiations negotiating negotiated negotiate mediation mediator mediators election
  elections electoral governance justice human rights rural urban farmers herders land water climate
  change migration displacement refugees humanitarian response early warning network networks
  networking analysis survey interviews interview fieldwork data evidence findings finding method
  methods methodology journal article articles issue volume editor editors review reviewed
  submission manuscript semester examination examinations exams timetable fees tuition payment
  scholarship scholarships admission admissions course courses lecture lectures seminar seminars
  conference conferences partnership partners partner trust institutions institution state states
  traditional rulers religious interfaith tolerance cohesion social economic political history
  historical memory reconciliation transitional peacebuilding peacekeeping military civilian
  protection safety crime criminal border borders trade markets market livelihoods poverty
  inequality gender participation inclusion exclusion identity ethnic ethnicity communal tension
  tensions dispute disputes settlement settlements court courts law laws legal framework frameworks
  strategy strategies implementation evaluation monitoring assessment risk risks resilience
  adaptation media radio newspapers social-media misinformation communication dialogue-based
  countering extremism radicalisation insurgency armed groups vigilante recruitment disarmament
  demobilisation reintegration veterans children schools teachers health hospital clinics`
    .split(/\s+/)
    .filter(Boolean)
    // Collocations ("early warning") are drawn as one, as real text uses them.
    .map((word) => word.replace("+", " "));
// Rare words: made from syllables, each in a few dozen documents, as names and technical terms are.
const SYLLABLES = ["ka", "lo", "mi", "zu", "ta", "ne", "ri", "bo", "sa", "vu", "de", "go", "ya", "fe", "pi"];
const RARE = [];
for (const a of SYLLABLES) for (const b of SYLLABLES) for (const c of SYLLABLES) RARE.push(`${a}${b}${c}n`);
const GIVEN = [
  "Amina",
  "Kwame",
  "Ngozi",
  "Tunde",
  "Fatima",
  "Chidi",
  "Aisha",
  "Emeka",
  "Zainab",
  "Yusuf",
  "Ada",
  "Musa",
];
const FAMILY = ["Okafor", "Mensah", "Bello", "Adeyemi", "Ibrahim", "Nwosu", "Abubakar", "Eze", "Danjuma", "Olawale"];

const sqlArray = (words) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[]`;

/** `n` words drawn from the vocabulary for row `g` (a lateral subquery, so each row draws its own). */
const words = (n) =>
  `(select string_agg(v.common[1 + floor(power(random(), 2.2) * cardinality(v.common))::int + 0 * s], ' ')
     from generate_series(1, ${n} + 0 * g) s)`;
const rare = `v.rare[1 + floor(random() * cardinality(v.rare))::int]`;

const FILL_SQL = `
create temp table bench_vocabulary as select ${sqlArray(COMMON)} as common, ${sqlArray(RARE)} as rare,
  ${sqlArray(GIVEN)} as given, ${sqlArray(FAMILY)} as family;
insert into posts (slug, title, category, image, excerpt, content, status, publish_at, deleted_at, created_at, updated_at)
select 'search-bench-' || g, initcap(t.title), (array['fees','course','exams','uncategorized'])[1 + g % 4], '',
  case when g % 3 = 0 then t.excerpt else '' end,
  '<p>' || t.a || ' ' || t.r1 || '.</p><p><strong>' || t.b || '</strong> ' || t.r2 || ' ' || t.c || '.</p>',
  case when g % 50 = 0 then 'draft' when g % 97 = 0 then 'scheduled' else 'published' end,
  case when g % 97 = 0 then now() + interval '30 days' end,
  case when g % 89 = 0 then now() - interval '1 day' end,
  now() - g * interval '30 minutes', now() - g * interval '30 minutes'
from generate_series(1, ${POSTS}) g, bench_vocabulary v,
lateral (select ${words(7)} as title, ${words(25)} as excerpt, ${words(50)} as a, ${words(40)} as b,
  ${words(30)} as c, ${rare} as r1, ${rare} as r2) t;
insert into articles (slug, title, abstract, pdf, authors, keywords, pdf_text, pdf_text_of, status, deleted_at,
  created_at, updated_at)
select 'search-bench-article-' || g, initcap(t.title), '<p>' || t.abstract || ' ' || t.r1 || '.</p>', '/uploads/bench.pdf',
  jsonb_build_array(
    jsonb_build_object('given', v.given[1 + g % 12], 'family', v.family[1 + g % 10], 'affiliation', 'Lakeland University',
      'orcid', '', 'email', '', 'corresponding', true),
    jsonb_build_object('given', v.given[1 + (g / 12) % 12], 'family', v.family[1 + (g / 10) % 10], 'affiliation', '',
      'orcid', '', 'email', '', 'corresponding', false)),
  jsonb_build_array(t.k1, t.k2, t.r2),
  t.pdf || ' ' || t.r2, '/uploads/bench.pdf',
  case when g % 40 = 0 then 'draft' else 'published' end,
  case when g % 71 = 0 then now() - interval '1 day' end,
  now() - g * interval '2 hours', now() - g * interval '2 hours'
from generate_series(1, ${ARTICLES}) g, bench_vocabulary v,
lateral (select ${words(9)} as title, ${words(100)} as abstract, ${words(300)} as pdf, ${words(1)} as k1,
  ${words(1)} as k2, ${rare} as r1, ${rare} as r2) t;
drop table bench_vocabulary;`;

// ---------- the queries ----------

const pick = (list, i) => list[(i * 7919) % list.length];
/** Kinds of query, each a function of a counter (different words each time). */
const MIX = {
  "common word": (i) => ({ q: pick(COMMON.slice(0, 40), i) }),
  "two words": (i) => ({ q: `${pick(COMMON.slice(0, 60), i)} ${pick(COMMON.slice(20, 200), i + 3)}` }),
  "rare word": (i) => ({ q: pick(RARE, i) }),
  phrase: (i) => ({ q: pick(['"early warning"', '"conflict resolution"', '"human rights"', '"peace research"'], i) }),
  exclusion: (i) => ({ q: `${pick(COMMON.slice(0, 30), i)} -${pick(COMMON.slice(30, 80), i)}` }),
  "prefix being typed": (i) => ({ q: pick(["negot", "resea", "commun", "medi", "secur", "elect", "reconc"], i) }),
  "with filters": (i) => ({
    q: pick(COMMON.slice(0, 50), i),
    kind: "post",
    category: pick(["fees", "course", "exams"], i),
    year: new Date().getUTCFullYear() - (i % 5),
  }),
  "articles only": (i) => ({ q: pick(COMMON.slice(0, 80), i), kind: "article" }),
  "author name": (i) => ({ q: pick(FAMILY, i).toLowerCase() }),
  "page 5": (i) => ({ q: pick(COMMON.slice(0, 40), i), page: 5 }),
  "as you type (suggest)": (i) => ({ suggest: pick(["peac", "negotiati", "tran", "humani", "wom", "clim"], i) }),
};

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { count: sorted.length, ...spread(sorted) };
};

/** Where --keep holds a filled embedded database, by its size. */
const keptPglite = path.join(root, ".tmp", `search-bench-pglite-${POSTS}-${ARTICLES}`);

async function measure(vite, database, label, { filled } = {}) {
  const { sql } = await vite.ssrLoadModule("drizzle-orm");
  const { createServices } = await vite.ssrLoadModule("/app/registry.server.ts");
  const dataDir = path.join(work, `${label}-data`);
  fs.mkdirSync(dataDir, { recursive: true });
  const services = createServices(database.db, { dataDir, auth: { secret: "bench-secret-bench-secret-bench-0123" } });

  let fillSeconds = filled?.fillSeconds;
  if (fillSeconds === undefined) {
    log(label, `filling ${POSTS} posts and ${ARTICLES} articles`);
    const started = performance.now();
    for (const statement of FILL_SQL.split(/;\s*\n/).filter((s) => s.trim()))
      await database.db.execute(sql.raw(statement));
    await database.db.execute(sql`vacuum analyze posts`);
    await database.db.execute(sql`vacuum analyze articles`);
    fillSeconds = Math.round((performance.now() - started) / 100) / 10;
    log(label, `filled in ${fillSeconds} s`);
  } else log(label, `using the database kept from an earlier run (filled in ${fillSeconds} s)`);

  const run = async (kind, i) => {
    const request = MIX[kind](i);
    const t0 = performance.now();
    const result = request.suggest
      ? await services.search.suggest(request.suggest)
      : await services.search.search(request);
    return { ms: performance.now() - t0, found: Array.isArray(result) ? result.length : result.total };
  };
  const kinds = Object.keys(MIX);
  // Warm-up: the caches a running server would have.
  for (let i = 0; i < kinds.length * 3; i++) await run(kinds[i % kinds.length], i + 1000);
  const times = Object.fromEntries(kinds.map((k) => [k, []]));
  const found = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let i = 0; i < QUERIES; i++) {
    const kind = kinds[i % kinds.length];
    const { ms, found: n } = await run(kind, Math.floor(i / kinds.length));
    times[kind].push(ms);
    found[kind].push(n);
  }
  const all = Object.values(times).flat();
  const medianFound = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return {
    database: label,
    date: new Date().toISOString(),
    machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? "unknown", node: process.version },
    posts: POSTS,
    articles: ARTICLES,
    fillSeconds,
    queries: all.length,
    targetP99Ms: TARGET_P99_MS,
    overall: summary(all),
    byKind: Object.fromEntries(kinds.map((k) => [k, { ...summary(times[k]), medianFound: medianFound(found[k]) }])),
    examples: Object.fromEntries(kinds.map((k) => [k, MIX[k](0)])),
  };
}

function write(report) {
  const name = `search-${report.database}`;
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const met = report.overall.p99 < TARGET_P99_MS;
  let md = `# Benchmark: site search (${report.database})\n\n`;
  md += `${report.date}. ${report.machine.cores} cores (${report.machine.cpu}), Node ${report.machine.node}. `;
  md += `${report.posts.toLocaleString("en")} posts and ${report.articles.toLocaleString("en")} journal articles of generated text `;
  md += `(filled in ${report.fillSeconds} s), ${report.queries} queries one after another through the search service `;
  md += `(\`bench/search.mjs\`), after a warm-up. Times are the service call's, in milliseconds.\n\n`;
  md += `**Overall: p50 ${report.overall.p50} ms, p95 ${report.overall.p95} ms, p99 ${report.overall.p99} ms** `;
  md += `(target p99 < ${TARGET_P99_MS} ms: ${met ? "met" : "NOT met"}).\n\n`;
  md += `| query | example | p50 | p95 | p99 | max | results (median) |\n|---|---|---|---|---|---|---|\n`;
  for (const [kind, s] of Object.entries(report.byKind)) {
    const example = JSON.stringify(report.examples[kind]).replace(/\|/g, "\\|");
    md += `| ${kind} | \`${example}\` | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} | ${s.medianFound} |\n`;
  }
  fs.writeFileSync(path.join(resultsDir, `${name}.md`), md);
  log(report.database, `p50 ${report.overall.p50} ms, p95 ${report.overall.p95} ms, p99 ${report.overall.p99} ms`);
  return met;
}

async function main() {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  // The app's TypeScript modules, loaded as the tests load them (no build needed).
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    resolve: { alias: { "~": path.join(root, "app") } },
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  let ok = true;
  try {
    const { openDatabase } = await vite.ssrLoadModule("/app/db/client.server.ts");
    const kept = args.keep && fs.existsSync(path.join(keptPglite, "fill.json"));
    const pgliteDir = args.keep ? path.join(keptPglite, "data") : path.join(work, "pglite");
    const pglite = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    try {
      const filled = kept ? JSON.parse(fs.readFileSync(path.join(keptPglite, "fill.json"), "utf8")) : undefined;
      const report = await measure(vite, pglite, "pglite", { filled });
      if (args.keep && !kept)
        fs.writeFileSync(path.join(keptPglite, "fill.json"), JSON.stringify({ fillSeconds: report.fillSeconds }));
      ok = write(report) && ok;
    } finally {
      await pglite.close();
    }
    if (postgresUrl) {
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      // With --keep, a filled database of its own name stays on the server for the next run.
      const name = args.keep ? `search_bench_kept_${POSTS}_${ARTICLES}` : `bench_search_${process.pid}`;
      const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount > 0;
      if (!exists) await admin.query(`create database ${name}`);
      try {
        const url = new URL(postgresUrl);
        url.pathname = `/${name}`;
        const postgres = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
        try {
          const { sql } = await vite.ssrLoadModule("drizzle-orm");
          const { rowsOf } = await vite.ssrLoadModule("/app/db/client.server.ts");
          const kept = exists
            ? rowsOf(await postgres.db.execute(sql`select obj_description('posts'::regclass) as note`))[0]?.note
            : null;
          const report = await measure(vite, postgres, "postgresql", { filled: kept ? JSON.parse(kept) : undefined });
          if (args.keep && !kept)
            await postgres.db.execute(
              sql.raw(`comment on table posts is '${JSON.stringify({ fillSeconds: report.fillSeconds })}'`),
            );
          ok = write(report) && ok;
        } finally {
          await postgres.close();
        }
      } finally {
        if (!args.keep) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else log("no PostgreSQL given (--postgres URL, TEST_DATABASE_URL or DATABASE_URL): PGlite only");
  } finally {
    await vite.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (!ok) {
    log(`p99 missed the target of ${TARGET_P99_MS} ms`);
    process.exitCode = 1;
  }
}

await main();
