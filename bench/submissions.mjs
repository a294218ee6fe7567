// npm run bench -- --submissions [--postgres URL] [--requests N] [--count N]   (or: node bench/submissions.mjs)
//
// The editor's desk and the figures with 10,000 submissions (issue 34: "the desk's page p99 under
// 100 ms on PostgreSQL"). Makes a scratch database on the PostgreSQL server (--postgres URL,
// TEST_DATABASE_URL or DATABASE_URL), fills it with bulk SQL (submissions at every stage over three
// years, reviewers, reviews, decisions and history in a journal's proportions), starts the built
// server on it, signs in as a journal manager and asks, one request at a time, for the desk's page
// (/dashboard?tab=submissions) with each filter and for /journal-in-numbers. Reports p50/p95/p99 per
// page; fails when a desk page's p99 reaches 100 ms. Writes bench/results/submissions-postgresql.json and .md.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";

import * as bench from "./shared.mjs";

process.chdir(bench.root);
const args = bench.scratchBenchArgs("submissions", "300", { count: { type: "string", default: "10000" } });
/** How each page is asked for (one at a time, after some to warm up) and the p99 a desk page must stay under. */
const PLAN = { requestsPerPage: args.requests, warmUp: 20, targetP99Ms: 100 };
const SUBMISSIONS = Number(args.count);
const FILTERS = ["all", "new", "needs-reviewers", "overdue", "reviews-in", "needs-decision", "revisions-back"];
const work = path.join(bench.root, ".tmp", "bench-submissions");
const log = bench.logger("submissions");
const MANAGER = { username: "bench-manager", email: "manager@bench.example.org", password: "bench-manager-Password-1" };

/**
 * The journal's history in bulk. Submission n's stage is drawn from its n % 100: a few drafts, the
 * open ones (new, revisions back, under review, revisions requested) submitted in the last four
 * months, the decided ones over three years (most declined, at the desk or after review; a fifth
 * published). Every submission that went to review has three invitations, whose states depend on
 * its stage; each decision has its row and its event.
 */
const BULK_SQL = (count, managerId) => `
insert into reviewers (name, email, affiliation, keywords)
select 'Bench Reviewer ' || g, 'reviewer' || g || '@bench.example.org', 'Institute ' || (g % 40),
       jsonb_build_array('keyword ' || (g % 30), 'keyword ' || (g % 17))
from generate_series(1, 300) g;

create temp table pool as select id, row_number() over (order by email) as ordinal from reviewers;

create temp table plan as
select g as n, gen_random_uuid() as id, g % 100 as bucket,
  case
    when g % 100 < 3 then 'draft'
    when g % 100 < 7 then 'submitted'
    when g % 100 < 17 then 'review'
    when g % 100 < 22 then 'revisions'
    when g % 100 < 25 then 'accepted'
    when g % 100 < 45 then 'published'
    else 'declined'
  end as stage,
  case when g % 100 between 3 and 21 then now() - ((g * 7919 % 120) + 1) * interval '1 day'
       else now() - (30 + g * 7919 % 1065) * interval '1 day' end as submitted_at
from generate_series(1, ${count}) g;

insert into submissions (id, number, stage, round, title, abstract, keywords, section, authors, editor_id,
                         submitted_at, stage_changed_at, created_at, updated_at)
select id, case when stage = 'draft' then null else n end, stage,
  case when bucket = 6 or stage in ('accepted', 'published') then 2 else 1 end,
  'Bench submission ' || n || ' on peace and security', 'An abstract of submission ' || n || '.',
  jsonb_build_array('keyword ' || (n % 30)), 'research',
  jsonb_build_array(jsonb_build_object('given', 'Author', 'family', 'Number' || n, 'affiliation', 'University ' || (n % 90),
    'orcid', '', 'email', 'author' || n || '@bench.example.org', 'corresponding', true)),
  case when n % 2 = 0 then ${managerId ? `'${managerId}'` : "null"} end,
  case when stage = 'draft' then null else submitted_at end,
  case when stage in ('draft', 'submitted') then submitted_at else submitted_at + interval '5 days' + (n % 50) * interval '1 day' end,
  submitted_at - interval '1 day', submitted_at
from plan;
select setval('submission_numbers', ${count});

insert into submission_events (submission_id, kind, round, at)
select id, 'submitted', 1, submitted_at from plan where stage <> 'draft';

-- The desk's decision: declined at the desk (half of the declined), else sent to review.
insert into editor_decisions (submission_id, round, decision, letter, created_at)
select id, 1, case when stage = 'declined' and bucket < 75 then 'decline' else 'send-to-review' end, 'A letter.',
  submitted_at + (1 + n % 9) * interval '1 day'
from plan where stage not in ('draft', 'submitted') or bucket = 6;

-- The decision after review: declined, accepted (published too), revisions asked (revisions, revisions back).
insert into editor_decisions (submission_id, round, decision, letter, created_at)
select id, 1, case when stage = 'declined' then 'decline' when stage = 'revisions' or bucket = 6 then 'major' else 'minor' end,
  'A letter.', submitted_at + (40 + n % 60) * interval '1 day'
from plan where (stage = 'declined' and bucket >= 75) or stage in ('revisions', 'accepted', 'published') or bucket = 6;
insert into editor_decisions (submission_id, round, decision, letter, created_at)
select id, 2, 'accept', 'A letter.', submitted_at + (110 + n % 60) * interval '1 day'
from plan where stage in ('accepted', 'published');
insert into submission_events (submission_id, kind, round, at, detail)
select submission_id, 'decision', round, created_at, jsonb_build_object('decision', decision) from editor_decisions;

-- Three invitations per reviewed submission; under review, some are open, overdue or in.
insert into reviews (submission_id, reviewer_id, round, status, token_hash, invited_at, due_on, responded_at,
                     submitted_at, recommendation, for_author)
select id, reviewer_id, 1, status, token_hash, invited_at, due_on,
  case when status <> 'invited' then invited_at + interval '2 days' end,
  case when status = 'submitted' then invited_at + (12 + (n * 3 + k) % 30) * interval '1 day' end,
  case when status = 'submitted' then (array['accept', 'minor', 'major', 'decline'])[1 + (n + k) % 4] end,
  case when status = 'submitted' then 'Comments for the author.' else '' end
from (
  select p.id, p.n, k, pool.id as reviewer_id,
    case
      when p.stage = 'review' and p.n % 4 = 0 then case when k = 3 then 'declined' else 'invited' end
      when p.stage = 'review' and p.n % 4 = 1 then case k when 1 then 'submitted' when 2 then 'accepted' else 'declined' end
      when p.stage = 'review' and p.n % 4 = 2 then case when k = 3 then 'declined' else 'submitted' end
      when p.stage = 'review' then case k when 1 then 'accepted' when 2 then 'declined' else 'cancelled' end
      else case when k = 3 then 'declined' else 'submitted' end
    end as status,
    md5(p.id::text || k) || md5(random()::text) as token_hash,
    p.submitted_at + (2 + p.n % 9) * interval '1 day' as invited_at,
    (p.submitted_at + (23 + p.n % 9) * interval '1 day')::date as due_on
  from plan p cross join generate_series(1, 3) k
  join pool on pool.ordinal = ((p.n * 7 + k * 13) % 300) + 1
  where (p.stage not in ('draft', 'submitted') or p.bucket = 6) and not (p.stage = 'declined' and p.bucket < 75)
) invitations;
insert into submission_events (submission_id, kind, round, at, detail)
select submission_id, 'review-submitted', round, submitted_at, jsonb_build_object('recommendation', recommendation)
from reviews where status = 'submitted';

analyze;
`;

async function measure(base, cookie, page) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < PLAN.warmUp + PLAN.requestsPerPage; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${page.path}`, { headers: { cookie } });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    if (page.expect && !body.includes(page.expect)) throw new Error(`${page.path} did not show "${page.expect}"`);
    if (i >= PLAN.warmUp) times.push(elapsed);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { ...page, requests: PLAN.requestsPerPage, bytes, ...bench.spread(times) };
}

async function main(cleanups) {
  bench.ensureBuild();
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });

  // A scratch database (dropped at the end unless --keep); its account, made a journal manager.
  const dataDir = path.join(work, "data");
  const name = `bench_submissions_${Date.now()}`;
  const { databaseUrl, client } = await bench.scratchSite({ args, name, account: MANAGER, dataDir, cleanups, log });
  const {
    rows: [manager],
  } = await client.query(`update users set role = 'journal-manager' where username = $1 returning id`, [
    MANAGER.username,
  ]);
  const filling = performance.now();
  await client.query(BULK_SQL(SUBMISSIONS, manager.id));
  const counts = (
    await client.query(`select
      (select count(*) from submissions)::int as submissions, (select count(*) from reviews)::int as reviews,
      (select count(*) from editor_decisions)::int as decisions, (select count(*) from submission_events)::int as events,
      (select count(*) from reviewers)::int as reviewers`)
  ).rows[0];
  log(`filled in ${Math.round(performance.now() - filling)} ms:`, JSON.stringify(counts));

  const site = await bench.startFilledSite(dataDir, databaseUrl);
  const { base } = site;
  const cookie = await bench.signInCookie(base, MANAGER);

  const pages = [
    ...FILTERS.map((filter) => ({
      name: `desk: ${filter}`,
      desk: true,
      path: `/dashboard?tab=submissions${filter === "all" ? "" : `&filter=${filter}`}`,
      expect: "Bench submission",
    })),
    { name: "desk: all, page 20", desk: true, path: "/dashboard?tab=submissions&page=20", expect: "Bench submission" },
    { name: "journal in numbers", desk: false, path: "/journal-in-numbers" },
    // What any signed-in dashboard page costs here (the session, the shell): the desk's floor.
    { name: "baseline: Submission settings tab", desk: false, path: "/dashboard?tab=submission-settings" },
  ];
  const results = [];
  for (const page of pages) {
    const result = await measure(base, cookie, page);
    results.push(result);
    log(`${result.name}: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms`);
  }
  await site.stop();

  const slow = results.filter((r) => r.desk && r.p99 >= PLAN.targetP99Ms);
  const report = bench.pagesReport({ about: { counts }, plan: PLAN, pages: results, slow });
  const md = `# Benchmark: the editor's desk with ${counts.submissions.toLocaleString("en")} submissions (PostgreSQL)

${report.date}. ${report.machine.cores} cores (${report.machine.cpu}), Node ${process.version}, load average ${report.machine.loadAverage.join(" / ")} at the end.
${counts.reviews} reviews, ${counts.decisions} decisions, ${counts.events} events, ${counts.reviewers} reviewers.
Signed in as a journal manager; ${PLAN.requestsPerPage} requests per page, one at a time, after ${PLAN.warmUp} to warm up; page cache off.
Target: every desk page's p99 under ${PLAN.targetP99Ms} ms.

| page | p50 ms | p95 ms | p99 ms | max ms |
|---|---|---|---|---|
${results.map((r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} |`).join("\n")}

${report.pass ? "Pass." : `Fail: ${slow.map((r) => r.name).join(", ")}.`}
`;
  bench.writeResults("submissions-postgresql", report, md);
  log(report.pass ? "pass" : `FAIL: p99 ≥ ${PLAN.targetP99Ms} ms on ${slow.map((r) => r.name).join(", ")}`);
  return report.pass;
}

await bench.runBench(main, log);
