import { z } from "zod";

/**
 * The period the Analytics tab shows (issue 35): the last 7 or 30 days by day, the last 12 months
 * by month, or a range a person chooses (by day up to three months, by month beyond). Days are UTC
 * days, as the daily figures are. Client-safe: the tab's form and its loader read the same rules.
 */

export const PERIOD_CHOICES = ["7d", "30d", "12m", "custom"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export const PERIOD_LABELS: Record<PeriodChoice, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "12m": "Last 12 months",
  custom: "Chosen dates",
};

export type Period = {
  choice: PeriodChoice;
  /** The first and last day, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** How the figures over time are grouped. */
  unit: "day" | "month";
};

/** Past this many days a range is shown by month. */
const DAYS_BY_DAY = 92;
/** The longest range a person may choose. */
export const LONGEST_RANGE_DAYS = 366 * 5;
const DAY_MS = 86_400_000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  ISO_DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  dayOf(new Date(`${value}T00:00:00Z`)) === value;

/** The UTC day of `date` (YYYY-MM-DD). */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The first day of `day`'s month, `months` months later (negative: earlier). */
export function monthStart(day: string, months = 0): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return dayOf(d);
}

export const PERIOD_FROM_REQUIRED = "Choose the first day";
export const PERIOD_TO_REQUIRED = "Choose the last day";
export const PERIOD_ORDER = "The last day is before the first";
export const PERIOD_TOO_LONG = "Choose at most five years";
export const PERIOD_IN_FUTURE = "The first day is after today";

/** The custom range form: two dates, the first not after the second, at most five years. */
export const customPeriodSchema = z
  .object({
    from: z.string().trim().refine(isDay, PERIOD_FROM_REQUIRED),
    to: z.string().trim().refine(isDay, PERIOD_TO_REQUIRED),
  })
  .superRefine(({ from, to }, context) => {
    if (!isDay(from) || !isDay(to)) return;
    if (to < from) context.addIssue({ code: "custom", path: ["to"], message: PERIOD_ORDER });
    else if (daysIn(from, to) > LONGEST_RANGE_DAYS)
      context.addIssue({ code: "custom", path: ["to"], message: PERIOD_TOO_LONG });
  });

/** A fixed choice's range, ending `today`. */
export function presetPeriod(choice: Exclude<PeriodChoice, "custom">, today: string): Period {
  if (choice === "12m") return { choice, from: monthStart(today, -11), to: today, unit: "month" };
  return { choice, from: addDays(today, choice === "7d" ? -6 : -29), to: today, unit: "day" };
}

/**
 * The period an address asks for (`period`, and `from` and `to` for chosen dates), with the
 * problems of chosen dates by field; the last 30 days when nothing (or nothing valid) is asked.
 */
export function periodOf(
  params: URLSearchParams,
  today: string,
): { period: Period; errors: Record<string, string>; values: { from: string; to: string } } {
  const asked = params.get("period");
  const values = { from: params.get("from")?.trim() ?? "", to: params.get("to")?.trim() ?? "" };
  const choice: PeriodChoice = PERIOD_CHOICES.includes(asked as PeriodChoice)
    ? (asked as PeriodChoice)
    : values.from || values.to
      ? "custom"
      : "30d";
  if (choice !== "custom") return { period: presetPeriod(choice, today), errors: {}, values };
  const parsed = customPeriodSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "from")] ??= issue.message;
    return { period: presetPeriod("30d", today), errors, values };
  }
  const { from, to } = parsed.data;
  if (from > today) return { period: presetPeriod("30d", today), errors: { from: PERIOD_IN_FUTURE }, values };
  return { period: { choice, from, to, unit: daysIn(from, to) > DAYS_BY_DAY ? "month" : "day" }, errors: {}, values };
}

/**
 * The period as whole months and loose days: the months that lie wholly inside it (read from the
 * monthly sums) and the days before and after them (read day by day). A period within one month, or
 * without a whole month, is all loose days.
 */
export function periodSpans(period: Pick<Period, "from" | "to">): {
  months: { from: string; to: string } | null;
  days: { from: string; to: string }[];
} {
  const first = period.from === monthStart(period.from) ? period.from : monthStart(period.from, 1);
  const afterTo = addDays(period.to, 1);
  const last = afterTo === monthStart(afterTo) ? monthStart(period.to) : monthStart(period.to, -1);
  if (last < first) return { months: null, days: [{ from: period.from, to: period.to }] };
  const days = [];
  if (period.from < first) days.push({ from: period.from, to: addDays(first, -1) });
  const afterLast = monthStart(last, 1);
  if (afterLast <= period.to) days.push({ from: afterLast, to: period.to });
  return { months: { from: first, to: last }, days };
}

/**
 * A span of loose days as the whole weeks (Monday to Sunday) inside it and the days before and
 * after them (decision 050): the articles' weekly sums stand for seven days' rows each.
 */
export function weekSpans(span: { from: string; to: string }): {
  weeks: { from: string; to: string } | null;
  days: { from: string; to: string }[];
} {
  // getUTCDay: 0 is Sunday; the days to the first Monday on or after `from`.
  const first = addDays(span.from, (8 - new Date(`${span.from}T00:00:00Z`).getUTCDay()) % 7);
  // The Monday of the last week that ends on or before `to`.
  const afterTo = addDays(span.to, 1);
  const last = addDays(afterTo, -7 - ((new Date(`${afterTo}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (last < first) return { weeks: null, days: [span] };
  const days = [];
  const afterWeeks = addDays(last, 7);
  if (span.from < first) days.push({ from: span.from, to: addDays(first, -1) });
  if (afterWeeks <= span.to) days.push({ from: afterWeeks, to: span.to });
  return { weeks: { from: first, to: last }, days };
}

/** Every bucket of the period, in order: its days, or the first day of each of its months. */
export function bucketsOf(period: Period): string[] {
  const buckets: string[] = [];
  if (period.unit === "day") {
    for (let day = period.from; day <= period.to; day = addDays(day, 1)) buckets.push(day);
  } else {
    for (let month = monthStart(period.from); month <= period.to; month = monthStart(month, 1)) buckets.push(month);
  }
  return buckets;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A bucket as a person reads it: "3 Nov" by day, "Nov 2026" by month. */
export function bucketLabel(bucket: string, unit: Period["unit"]): string {
  const month = MONTHS[Number(bucket.slice(5, 7)) - 1];
  return unit === "day" ? `${Number(bucket.slice(8, 10))} ${month}` : `${month} ${bucket.slice(0, 4)}`;
}

/** The period in words: "Last 30 days (29 Oct 2026 to 27 Nov 2026)". */
export function periodWords(period: Period): string {
  const long = (day: string) => `${bucketLabel(day, "day")} ${day.slice(0, 4)}`;
  return `${PERIOD_LABELS[period.choice]} (${long(period.from)} to ${long(period.to)})`;
}
