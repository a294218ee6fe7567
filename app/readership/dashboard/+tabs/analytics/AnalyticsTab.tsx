import { Form, Link } from "react-router";

import { Field } from "~/components/forms/Field";
import { Button } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { BarCell } from "~/readership/components/BarCell";
import { TimeChart } from "~/readership/components/TimeChart";
import { bucketLabel, PERIOD_CHOICES, PERIOD_LABELS, periodWords } from "~/readership/period";
import { DOWNLOADS_SERIES, VIEWS_SERIES } from "~/readership/words";

import type { load } from "./analytics.server";

type Data = Loaded<typeof load>;

const VIEWS_BAR = "fill-navy-700 dark:fill-gold-300";
const DOWNLOADS_BAR = "fill-teal-700 dark:fill-teal-300";
const LINK = "font-semibold text-navy-700 hover:underline dark:text-gold-300";
const MUTED = "text-slate-600 dark:text-slate-300";
const NUMBER = "text-right tabular-nums whitespace-nowrap";

const n = (value: number) => value.toLocaleString("en");
/** The page views column, the same in every table that has one. */
const PAGE_VIEWS: Column<{ views: number }> = { header: "Page views", className: NUMBER, cell: (row) => n(row.views) };

const KIND_LABELS: Record<string, string> = {
  home: "Home",
  post: "Post",
  article: "Article",
  issue: "Issue",
  course: "Course",
  department: "Department",
  page: "Page",
};

function Titled({ title, path }: { title: string; path: string }) {
  return path ? (
    <a href={path} className={LINK}>
      {title}
    </a>
  ) : (
    <span className={MUTED}>{title}</span>
  );
}

function Section({
  id,
  title,
  children,
  note,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  note?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <Heading level={3} id={`${id}-heading`}>
        {title}
      </Heading>
      {note && <p className={`text-sm ${MUTED}`}>{note}</p>}
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className={`rounded-xl border border-dashed border-slate-300 p-4 text-sm dark:border-slate-600 ${MUTED}`}>
      {children}
    </p>
  );
}

/** A section of one table, captioned by its title; with no rows, the note of why instead. */
function TableSection<Row>({
  id,
  title,
  note,
  empty,
  ...table
}: {
  id: string;
  title: string;
  note?: string;
  empty: React.ReactNode;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  scrollRegion?: boolean;
}) {
  return (
    <Section id={id} title={title} note={note}>
      {table.rows.length ? <DataTable caption={title} {...table} /> : <Empty>{empty}</Empty>}
    </Section>
  );
}

export function AnalyticsTab({ data }: TabProps<Data>) {
  const { period, time, chart, articles, pages, referrers, countries, robots, spikes, errors, values } = data;
  const byWhat = period.unit === "day" ? "day" : "month";

  const articleColumns: Column<(typeof articles.top)[number]>[] = [
    { header: "Article", cell: (row) => <Titled {...row} /> },
    { header: "Views and downloads", className: NUMBER, cell: (row) => n(row.investigations) },
    { header: "Downloads", className: NUMBER, cell: (row) => n(row.requests) },
    {
      header: "Chart",
      cell: (row) => (
        <BarCell
          largest={articles.top[0]?.investigations ?? 0}
          bars={[
            { value: row.investigations, className: VIEWS_BAR },
            { value: row.requests, className: DOWNLOADS_BAR },
          ]}
        />
      ),
    },
  ];
  const pageColumns = (largest: number, kinds: boolean): Column<(typeof pages.pages)[number]>[] => [
    { header: kinds ? "Page" : "Post", cell: (row) => <Titled {...row} /> },
    ...(kinds
      ? [{ header: "Kind", cell: (row: (typeof pages.pages)[number]) => KIND_LABELS[row.kind] ?? row.kind }]
      : []),
    { header: "Views", className: NUMBER, cell: (row) => n(row.views) },
    {
      header: "Chart",
      cell: (row) => <BarCell largest={largest} bars={[{ value: row.views, className: VIEWS_BAR }]} />,
    },
  ];
  const issueLargest = Math.max(0, ...articles.issues.map((i) => i.investigations));

  return (
    <div className="space-y-10">
      <div className="space-y-4">
        <Heading>Analytics</Heading>
        <p className={MUTED}>
          What readers read, counted on this server by COUNTER Release 5.1&apos;s rules: no cookie, no outside service.
          A read shows here within two minutes.{" "}
          <a href="/privacy" className={LINK}>
            What is counted and kept
          </a>
        </p>
        <nav aria-label="Period" className="flex flex-wrap gap-2">
          {PERIOD_CHOICES.filter((c) => c !== "custom").map((choice) => (
            <Link
              key={choice}
              to={`/dashboard?tab=analytics&period=${choice}`}
              aria-current={period.choice === choice ? "page" : undefined}
              className={`rounded-full border px-4 py-2 text-sm font-semibold ${
                period.choice === choice
                  ? "border-navy-900 bg-navy-900 text-white dark:border-gold-300 dark:bg-gold-300 dark:text-navy-950"
                  : "border-slate-300 text-navy-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-navy-800"
              }`}
            >
              {PERIOD_LABELS[choice]}
            </Link>
          ))}
        </nav>
        <Form method="get" action="/dashboard" className="flex flex-wrap items-end gap-3" aria-label="Chosen dates">
          <input type="hidden" name="tab" value="analytics" />
          <input type="hidden" name="period" value="custom" />
          <Field label="From" type="date" name="from" defaultValue={values.from} error={errors.from} className="w-44" />
          <Field label="To" type="date" name="to" defaultValue={values.to} error={errors.to} className="w-44" />
          <Button type="submit" variant="secondary" className="mb-0.5">
            Show these dates
          </Button>
        </Form>
        <p className="font-semibold text-navy-900 dark:text-white" aria-live="polite">
          {periodWords(period)}
        </p>
      </div>

      <section aria-labelledby="totals-heading">
        <h3 id="totals-heading" className="sr-only">
          Totals
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {[
            ["Page views", time.totals.views],
            ["Unique page views", time.totals.uniqueViews],
            ["Article views and downloads", time.totals.investigations],
            ["Downloads", time.totals.requests],
            ["Searches", time.totals.searches],
            ["Feed fetches", time.totals.feedFetches],
          ].map(([term, value]) => (
            <div
              key={term}
              className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-night-card"
            >
              <dt className={`text-xs font-semibold ${MUTED}`}>{term}</dt>
              <dd className="mt-1 text-2xl font-bold text-navy-900 tabular-nums dark:text-white">
                {n(value as number)}
              </dd>
            </div>
          ))}
        </dl>
        <p className={`mt-3 text-sm ${MUTED}`}>
          Robots and crawlers: {n(robots)} requests in this period, counted apart and in none of these figures.
        </p>
      </section>

      <Section id="over-time" title={`Views and downloads by ${byWhat}`}>
        <TimeChart
          label={`Page views and downloads by ${byWhat}`}
          layout={chart}
          unit={period.unit}
          styles={[
            {
              name: VIEWS_SERIES,
              line: "stroke-navy-700 dark:stroke-gold-300",
              swatch: "bg-navy-700 dark:bg-gold-300",
              area: "fill-navy-700/10 dark:fill-gold-300/10",
            },
            {
              name: DOWNLOADS_SERIES,
              line: "stroke-teal-700 dark:stroke-teal-300",
              swatch: "bg-teal-700 dark:bg-teal-300",
              dashed: true,
            },
          ]}
        />
        <details>
          <summary className={`cursor-pointer py-1 text-sm font-semibold ${LINK}`}>The numbers by {byWhat}</summary>
          <div className="mt-2">
            <DataTable
              caption={`Page views and downloads by ${byWhat}`}
              dense
              scrollRegion
              rowKey={(row) => row.bucket}
              rows={time.points}
              columns={[
                {
                  header: period.unit === "day" ? "Day" : "Month",
                  cell: (row) => bucketLabel(row.bucket, period.unit),
                },
                PAGE_VIEWS,
                { header: "Unique page views", className: NUMBER, cell: (row) => n(row.uniqueViews) },
                { header: "Article views and downloads", className: NUMBER, cell: (row) => n(row.investigations) },
                { header: "Downloads", className: NUMBER, cell: (row) => n(row.requests) },
              ]}
            />
          </div>
        </details>
      </Section>

      <TableSection
        id="top-articles"
        title="Most read articles"
        note="Views and downloads are COUNTER's Total_Item_Investigations (the article's page and its PDF); downloads its Total_Item_Requests."
        rowKey={(row) => row.id}
        rows={articles.top}
        columns={articleColumns}
        empty="No article was read in this period."
      />

      <TableSection
        id="issues"
        title="The journal's issues side by side"
        note="The sums of each issue's articles in this period."
        scrollRegion
        rowKey={(row) => row.id ?? "none"}
        rows={articles.issues}
        columns={[
          { header: "Issue", cell: (row) => row.label },
          { header: "Views and downloads", className: NUMBER, cell: (row) => n(row.investigations) },
          { header: "Downloads", className: NUMBER, cell: (row) => n(row.requests) },
          {
            header: "Chart",
            cell: (row) => (
              <BarCell
                largest={issueLargest}
                bars={[
                  { value: row.investigations, className: VIEWS_BAR },
                  { value: row.requests, className: DOWNLOADS_BAR },
                ]}
              />
            ),
          },
        ]}
        empty="The journal has no published issue yet."
      />

      <div className="grid gap-10 xl:grid-cols-2">
        <TableSection
          id="top-posts"
          title="Most read posts"
          rowKey={(row) => row.key}
          rows={pages.posts}
          columns={pageColumns(pages.posts[0]?.views ?? 0, false)}
          empty="No post was read in this period."
        />
        <TableSection
          id="top-pages"
          title="Most read pages"
          rowKey={(row) => `${row.kind}:${row.key}`}
          rows={pages.pages}
          columns={pageColumns(pages.pages[0]?.views ?? 0, true)}
          empty="No page was read in this period."
        />
      </div>

      <div className="grid gap-10 xl:grid-cols-2">
        <TableSection
          id="referrers"
          title="Where readers came from"
          note="The referring site's name only; never the page or the address."
          scrollRegion
          rowKey={(row) => row.host}
          rows={referrers}
          columns={[
            {
              header: "Site",
              cell: (row) => row.host || <span className={MUTED}>None (typed, bookmarked or an app)</span>,
            },
            PAGE_VIEWS,
            {
              header: "Chart",
              cell: (row) => (
                <BarCell largest={referrers[0].views} bars={[{ value: row.views, className: VIEWS_BAR }]} />
              ),
            },
          ]}
          empty="No page view in this period."
        />
        <TableSection
          id="countries"
          title="Readers' countries"
          scrollRegion
          rowKey={(row) => row.country}
          rows={countries}
          columns={[{ header: "Country", cell: (row) => row.country }, PAGE_VIEWS]}
          empty={
            <>
              Not known: the site finds a reader&apos;s country only when the proxy in front of it names it in a header
              (READERSHIP_COUNTRY_HEADER), and none did in this period.
            </>
          }
        />
      </div>

      <TableSection
        id="spikes"
        title="Days to look at"
        note="One reader read these unusually often on one day. COUNTER counts such reads all the same; look before you quote the figures."
        scrollRegion
        rowKey={(row) => `${row.day}:${row.kind}:${row.path || row.title}`}
        rows={spikes}
        columns={[
          {
            header: "Day",
            className: "whitespace-nowrap",
            cell: (row) => `${bucketLabel(row.day, "day")} ${row.day.slice(0, 4)}`,
          },
          { header: "What", cell: (row) => <Titled {...row} /> },
          { header: "Kind", cell: (row) => KIND_LABELS[row.kind] ?? row.kind },
          { header: "Reads by one reader", className: NUMBER, cell: (row) => n(row.count) },
        ]}
        empty="Nothing unusual in this period."
      />
    </div>
  );
}
