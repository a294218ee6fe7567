import { Link } from "react-router";

import { PageHero } from "~/components/PageHero";
import { Section } from "~/components/Section";
import { READING_PAGE } from "~/lib/hydration";
import { routeMeta } from "~/lib/seo/route-meta";
import { services } from "~/runtime.server";
import { percent } from "~/submissions/components/FiguresTable";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/in-numbers";

/**
 * "Journal in numbers" (issue 34): how fast the journal decides and how much it accepts, over the
 * last 12 months, computed from its decisions as they are made. No person is named.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { submissions, journal } = await services();
  const [figures, profile] = await Promise.all([submissions.journalFigures(), journal.profile()]);
  const seo = await pageSeo(request, {
    title: `${profile.title} in numbers`,
    description: `How long ${profile.title} takes to decide, how much it accepts, and how fast its reviewers are, over the last 12 months.`,
    path: "/journal-in-numbers",
  });
  return { figures, journal: profile.title, seo };
}

export const handle = READING_PAGE;

export const meta = routeMeta("Journal in numbers");

const days = (value: number | null) => (value === null ? "Not yet known" : `${value} days`);

export default function JournalInNumbers({ loaderData }: Route.ComponentProps) {
  const { figures, journal } = loaderData;
  const cards = [
    { label: "Manuscripts received", value: String(figures.received), note: "in the last 12 months" },
    {
      label: "Days to a first look",
      value: days(figures.daysToDeskDecision),
      note: "median, from submission to the editor's decision to review or decline",
    },
    {
      label: "Days to a first decision",
      value: days(figures.daysToFirstDecision),
      note: "median, from submission to the first decision after review",
    },
    {
      label: "Acceptance rate",
      value: figures.acceptanceRate === null ? "Not yet known" : percent(figures.acceptanceRate),
      note: figures.decided ? `of ${figures.decided} final decisions` : "no final decision yet",
    },
    {
      label: "Reviewers' turnaround",
      value: days(figures.reviewDays),
      note: figures.reviews ? `median of ${figures.reviews} reviews` : "no review yet",
    },
  ];
  return (
    <>
      <PageHero
        compact
        eyebrow="The journal"
        title={`${journal} in numbers`}
        subtitle="The last 12 months, updated as decisions are made."
      />
      <Section id="figures" title="How the journal works">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <div
              key={card.label}
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-night-card"
            >
              <dt className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
                {card.label}
              </dt>
              <dd className="mt-2 font-serif text-3xl font-bold text-navy-900 dark:text-white">{card.value}</dd>
              <dd className="mt-1 text-sm text-slate-600 dark:text-slate-300">{card.note}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-slate-700 dark:text-slate-200">
          Want to publish with us? Read the{" "}
          <Link to="/journals/issues" className="font-semibold text-navy-700 underline dark:text-gold-300">
            journal's aims and scope
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
