import { sql } from "drizzle-orm";

import { rowsOf } from "~/db/client.server";
import { editorDecisions, reviews, submissions, users } from "~/db/schema";
import { effectTable } from "~/services/content-changes.server";

import { type Actor, DAY_MS, displayName, requireDesk, type SubmissionsContext } from "./context.server";
import type { Figures } from "./figures";

/**
 * The journal's figures over the last 12 months (issue 34): submissions received, the median days
 * to a desk decision and to a first decision, the acceptance rate, and the median days reviewers
 * took. The desk sees them per handling editor too; the public page only the journal's (no person named).
 */

const median = (column: ReturnType<typeof sql>) =>
  sql<number | null>`percentile_cont(0.5) within group (order by ${column})`;

/** The journal's figures, and with `byEditor` each handling editor's. */
async function compute(context: SubmissionsContext, byEditor: boolean) {
  const since = new Date(context.now().getTime() - 365 * DAY_MS);
  // One row per submission received in the period: its first desk decision and its first decision,
  // from one pass over the period's decisions (a decision never precedes its submission), not two
  // lookups per submission.
  const firsts = sql`(
    select s.id, s.editor_id, s.submitted_at, d.desk_at, d.first_at
    from ${submissions} s
    left join (
      select submission_id,
        min(created_at) filter (where round = 1 and decision in ('send-to-review', 'decline')) as desk_at,
        min(created_at) filter (where decision in ('accept', 'minor', 'major', 'decline')) as first_at
      from ${editorDecisions}
      where not recommendation and created_at >= ${since}
      group by submission_id
    ) d on d.submission_id = s.id
    where s.submitted_at >= ${since}
  )`;
  const days = (later: string) => sql.raw(`extract(epoch from (${later} - f.submitted_at)) / 86400`);
  // Per editor, the journal's row comes from the same pass (grouping sets): `whole` marks it.
  const by = (column: string) =>
    byEditor
      ? {
          select: sql.raw(`${column} as editor_id, grouping(${column}) = 1 as whole`),
          group: sql.raw(`group by grouping sets ((${column}), ())`),
        }
      : { select: sql`null::text as editor_id, true as whole`, group: sql`` };
  type Grouped = { editor_id: string | null; whole: boolean };
  const [timing, outcome, turnaround] = await Promise.all([
    context.db
      .execute(
        sql`
    select ${by("f.editor_id").select}, count(*)::int as received,
      ${median(days("f.desk_at"))} as desk,
      ${median(days("f.first_at"))} as first
    from ${firsts} f
    ${by("f.editor_id").group}`,
      )
      .then((result) => rowsOf<Grouped & { received: number; desk: number | null; first: number | null }>(result)),
    context.db
      .execute(
        sql`
    select ${by("s.editor_id").select},
      count(*) filter (where d.decision = 'accept')::int as accepted,
      count(*)::int as decided
    from ${editorDecisions} d ${byEditor ? sql`join ${submissions} s on s.id = d.submission_id` : sql``}
    where not d.recommendation and d.decision in ('accept', 'decline') and d.created_at >= ${since}
    ${by("s.editor_id").group}`,
      )
      .then((result) => rowsOf<Grouped & { accepted: number; decided: number }>(result)),
    context.db
      .execute(
        sql`
    select ${by("s.editor_id").select},
      percentile_cont(0.5) within group (order by extract(epoch from (r.submitted_at - r.invited_at)) / 86400) as days,
      count(*)::int as n
    from ${reviews} r ${byEditor ? sql`join ${submissions} s on s.id = r.submission_id` : sql``}
    where r.status = 'submitted' and r.submitted_at >= ${since}
    ${by("s.editor_id").group}`,
      )
      .then((result) => rowsOf<Grouped & { days: number | null; n: number }>(result)),
  ]);
  const round1 = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  const figuresOf = (match: (row: Grouped) => boolean): Figures => {
    const t = timing.find(match);
    const o = outcome.find(match);
    const r = turnaround.find(match);
    return {
      received: t?.received ?? 0,
      daysToDeskDecision: round1(t?.desk),
      daysToFirstDecision: round1(t?.first),
      acceptanceRate: o && o.decided ? o.accepted / o.decided : null,
      decided: o?.decided ?? 0,
      reviewDays: round1(r?.days),
      reviews: r?.n ?? 0,
    };
  };
  const editorIds = new Set(
    [...timing, ...outcome, ...turnaround].filter((row) => !row.whole).map((row) => row.editor_id),
  );
  return {
    journal: figuresOf((row) => row.whole),
    editors: [...editorIds].map((editorId) => ({
      editorId,
      figures: figuresOf((row) => !row.whole && row.editor_id === editorId),
    })),
  };
}

/** The journal as a whole, for its public "Journal in numbers" page. */
export async function journalFigures(context: SubmissionsContext): Promise<Figures> {
  return (await compute(context, false)).journal;
}

/** The desk's figures: the journal's, and each handling editor's by name. */
export async function deskFigures(context: SubmissionsContext, actor: Actor) {
  requireDesk(actor);
  const [{ journal, editors: perEditor }, names] = await Promise.all([
    compute(context, true),
    context.db.select({ id: users.id, name: displayName }).from(users),
  ]);
  return {
    journal,
    editors: perEditor
      .map((row) => ({
        name: row.editorId ? (names.find((n) => n.id === row.editorId)?.name ?? "Former editor") : "No editor assigned",
        figures: row.figures,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Which of this flow's functions are the `submissions` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({ read: ["journalFigures", "deskFigures"], write: [] });
