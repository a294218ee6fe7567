import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { repeatEvery } from "~/services/repeating-job.server";

import { forgetSecrets } from "./counting.server";

/**
 * The daily figures from the counted reads, by COUNTER Release 5.1's rules (decision 043; the Code of
 * Practice's section 7). Every server runs it; one at a time (an advisory lock), each read once.
 */

/** Reads newer than this may still be the first of a double click: they wait (30 s, and a second to spare). */
export const DEFAULT_SETTLE_SECONDS = 61;
/** Two clicks of one reader on one address within this many seconds are one (the last is kept). */
const DOUBLE_CLICK_SECONDS = 30;
/** More reads than this of one item by one reader in a day flag the day for a person to look at. */
export const SPIKE_READS = 30;
/** Reads kept after they are summed: the rules look back 30 seconds and one hour. */
const KEEP_SUMMED_HOURS = 48;
const BATCH = 5000;
const LOCK_KEY = 35_043;

export type SummingOptions = {
  settleSeconds?: number;
  /** The figures' clock (tests). */
  now?: Date;
};

/** The batch's counted page views by one fact of their readers (`fact`), added to `table`'s `column` by day. */
const viewsByFact = (table: string, column: string, fact: string) => {
  const [into, key, from] = [table, column, fact].map((name) => sql.identifier(name));
  return sql`
      insert into ${into} (day, ${key}, views)
      select day, ${from}, count(*)::int from people
      where kind = 'view' and counted and ${from} is not null
      group by day, ${from}
      on conflict (day, ${key}) do update set views = ${into}.views + excluded.views`;
};

/**
 * Sums one batch of settled reads into the daily figures and marks them summed, in one statement.
 * A read is counted unless the same reader read the same address within the next 30 seconds, or
 * within the 30 seconds before in a read already summed and counted (it arrived late, from a killed
 * server's spool: the one already counted stands for both). A read summed but not counted (a click
 * followed it, one a pass had not yet settled) stands for nothing. The first read of an item in a
 * session (the reader and the hour) is its unique one, unless a read of it in that session was
 * summed already (for an article, per family: a page view or a download is an Investigation, a
 * download a Request). Robots' reads are counted apart.
 */
async function sumBatch(db: Database, cutoff: Date): Promise<number> {
  const result = await db.execute(sql`
    with batch as (
      select id, at, reader, kind, item_type, target, referrer_host, country, robot,
             (at at time zone 'UTC')::date as day,
             date_trunc('hour', at) as hour
      from readership_events
      where summed_at is null and at < ${cutoff.toISOString()}::timestamptz
      order by at
      limit ${BATCH}
      for update skip locked
    ),
    people as (
      select b.*,
        not exists (
          select 1 from readership_events f
          where f.reader = b.reader and f.target = b.target and f.kind = b.kind and f.item_type = b.item_type
            and not f.robot and f.id <> b.id
            and (
              (f.at <= b.at + make_interval(secs => ${DOUBLE_CLICK_SECONDS}) and (f.at > b.at or (f.at = b.at and f.id > b.id)))
              or (f.counted and f.at >= b.at - make_interval(secs => ${DOUBLE_CLICK_SECONDS}) and f.at <= b.at)
            )
        ) as counted,
        not exists (
          select 1 from readership_events g
          where g.reader = b.reader and g.target = b.target and g.kind = b.kind and g.item_type = b.item_type
            and not g.robot and g.id <> b.id
            and g.at >= b.hour and g.at < b.hour + interval '1 hour'
            and (g.at < b.at or (g.at = b.at and g.id < b.id) or g.summed_at is not null)
        ) as first_of_kind,
        b.item_type = 'article' and not exists (
          select 1 from readership_events h
          where h.reader = b.reader and h.target = b.target and h.item_type = 'article'
            and h.kind in ('view', 'download') and not h.robot and h.id <> b.id
            and h.at >= b.hour and h.at < b.hour + interval '1 hour'
            and (h.at < b.at or (h.at = b.at and h.id < b.id) or h.summed_at is not null)
        ) as first_investigation
      from batch b
      where not b.robot
    ),
    keyed as (
      select p.*,
        case p.item_type
          when 'article' then coalesce((select a.id::text from articles a where a.slug = p.target), p.target)
          when 'post' then coalesce((select po.id::text from posts po where po.slug = p.target), p.target)
          when 'issue' then coalesce(
            (select i.id::text from journal_issues i where i.volume || '/' || i.number = p.target), p.target)
          -- A course is one the site has: any other ?course= is not a course.
          when 'course' then (select c.id::text from courses c where c.id::text = p.target)
          -- The searches' words are never kept, not even hashed: the platform's total is what is reported.
          when 'search' then ''
          else p.target
        end as item_key
      from people p
    ),
    figures as (
      select k.day, m.metric, k.item_type, k.item_key, count(*)::int as n
      from keyed k,
      lateral (values
        ('views', k.kind = 'view' and k.counted),
        ('unique_views', k.kind = 'view' and k.first_of_kind),
        ('investigations', k.item_type = 'article' and k.counted),
        ('unique_investigations', k.first_investigation),
        ('requests', k.kind = 'download' and k.counted),
        ('unique_requests', k.kind = 'download' and k.first_of_kind),
        ('searches', k.kind = 'search' and k.counted),
        ('feed_fetches', k.kind = 'feed' and k.counted)
      ) as m(metric, applies)
      where m.applies and k.item_key is not null
      group by k.day, m.metric, k.item_type, k.item_key
    ),
    daily as (
      insert into readership_daily (day, metric, item_type, item_key, count)
      select day, metric, item_type, item_key, n from figures
      on conflict (day, metric, item_type, item_key) do update set count = readership_daily.count + excluded.count
    ),
    referrers as (${viewsByFact("readership_referrers", "host", "referrer_host")}),
    countries as (${viewsByFact("readership_countries", "country", "country")}),
    robots as (
      insert into readership_robots (day, kind, count)
      select day, kind, count(*)::int from batch where robot
      group by day, kind
      on conflict (day, kind) do update set count = readership_robots.count + excluded.count
    ),
    spikes as (
      insert into readership_spikes (day, item_type, item_key, count)
      select k.day, k.item_type, k.item_key, max(s.n)
      from (select distinct day, reader, item_type, target, item_key from keyed where item_key is not null) k,
      lateral (
        select count(*)::int as n from readership_events r
        where r.reader = k.reader and r.target = k.target and r.item_type = k.item_type and not r.robot
          and (r.at at time zone 'UTC')::date = k.day
      ) s
      where s.n > ${SPIKE_READS}
      group by k.day, k.item_type, k.item_key
      on conflict (day, item_type, item_key) do update set count = greatest(readership_spikes.count, excluded.count)
    ),
    marked as (
      update readership_events e set summed_at = now(), counted = coalesce(p.counted, false)
      from batch left join people p on p.id = batch.id
      where e.id = batch.id
    )
    select count(*)::int as summed from batch
  `);
  return rowsOf<{ summed: number }>(result)[0]?.summed ?? 0;
}

/** Sums every settled read; returns how many were summed. A server that finds another summing leaves it to it. */
export async function sumReadership(db: Database, options: SummingOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.settleSeconds ?? DEFAULT_SETTLE_SECONDS) * 1000);
  let total = 0;
  for (;;) {
    const summed = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`),
      );
      return lock?.locked ? sumBatch(tx as unknown as Database, cutoff) : -1;
    });
    if (summed <= 0) return total;
    total += summed;
    if (summed < BATCH) return total;
  }
}

export type RetentionOptions = {
  /** Days the secret of a day is kept (READERSHIP_SECRET_DAYS). */
  secretDays: number;
  /** Days the daily figures are kept (READERSHIP_RETENTION_DAYS); 0: for good. */
  retentionDays: number;
  now?: Date;
};

/** Forgets what is no longer needed: summed reads after two days, old secrets, figures past their retention. */
export async function pruneReadership(db: Database, options: RetentionOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`),
    );
    if (lock?.locked) await prune(tx as unknown as Database, options);
  });
}

async function prune(db: Database, options: RetentionOptions): Promise<void> {
  const now = options.now ?? new Date();
  const keptFrom = new Date(now.getTime() - KEEP_SUMMED_HOURS * 3_600_000);
  await db.execute(
    sql`delete from readership_events where summed_at is not null and at < ${keptFrom.toISOString()}::timestamptz`,
  );
  await forgetSecrets(db, options.secretDays, now);
  if (options.retentionDays > 0) {
    const from = new Date(now.getTime() - options.retentionDays * 86_400_000).toISOString().slice(0, 10);
    for (const table of [
      "readership_daily",
      "readership_referrers",
      "readership_countries",
      "readership_robots",
      "readership_spikes",
    ]) {
      await db.execute(sql`delete from ${sql.identifier(table)} where day < ${from}::date`);
    }
  }
}

/** How often each server sums what was read; pruning runs every tenth pass. */
export const SUM_EVERY_MS = 15_000;

export function scheduleReadership(
  db: Database,
  options: { settleSeconds: number; secretDays: number; retentionDays: number; everyMs?: number },
): () => void {
  let pass = 0;
  return repeatEvery(options.everyMs ?? SUM_EVERY_MS, "Readership figures", async () => {
    await sumReadership(db, { settleSeconds: options.settleSeconds });
    if (pass++ % 10 === 0) await pruneReadership(db, options);
  });
}
