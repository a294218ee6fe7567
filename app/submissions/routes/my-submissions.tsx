import { Link } from "react-router";

import { PageHero } from "~/components/PageHero";
import { ButtonLink } from "~/components/ui/Button";
import { DataTable } from "~/components/ui/DataTable";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { formatDate } from "~/lib/text";

import { mySubmissionPath, SUBMIT_PATH } from "../addresses";
import { authorOf, submissionsOf } from "../web/author.server";
import { MY_SUBMISSIONS, submissionNumber } from "../words";
import type { Route } from "./+types/my-submissions";

/** /my-submissions (issue 34): the author's submitted manuscripts, each with its stage in plain words. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await authorOf(request);
  const rows = await (await submissionsOf()).mySubmissions(actor);
  return {
    drafts: rows.filter((row) => row.stage === "draft").length,
    submissions: rows
      .filter((row) => row.stage !== "draft")
      .map((row) => ({
        id: row.id,
        number: row.number,
        title: row.title,
        stageLabel: row.stageLabel,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        stageChangedAt: row.stageChangedAt.toISOString(),
      })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, MY_SUBMISSIONS.title) }, NOINDEX];
}

type Row = Awaited<ReturnType<typeof loader>>["submissions"][number];

export default function MySubmissions({ loaderData }: Route.ComponentProps) {
  const { submissions, drafts } = loaderData;
  return (
    <>
      <PageHero compact eyebrow={MY_SUBMISSIONS.eyebrow} title={MY_SUBMISSIONS.title} subtitle={MY_SUBMISSIONS.intro} />
      <div className="mx-auto max-w-7xl space-y-6 px-6 py-12">
        {submissions.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">{MY_SUBMISSIONS.none}</p>
        ) : (
          <DataTable<Row>
            caption={MY_SUBMISSIONS.title}
            rows={submissions}
            rowKey={(row) => row.id}
            columns={[
              { header: MY_SUBMISSIONS.number, cell: (row) => submissionNumber(row.number) },
              {
                header: MY_SUBMISSIONS.manuscript,
                cell: (row) => (
                  <Link
                    to={mySubmissionPath(row.id)}
                    className="font-semibold text-navy-700 underline dark:text-gold-300"
                  >
                    {row.title}
                  </Link>
                ),
                className: "min-w-[16rem]",
              },
              { header: MY_SUBMISSIONS.stage, cell: (row) => row.stageLabel },
              {
                header: MY_SUBMISSIONS.submitted,
                cell: (row) => (row.submittedAt ? formatDate(row.submittedAt) : ""),
                className: "whitespace-nowrap",
              },
              {
                header: MY_SUBMISSIONS.since,
                cell: (row) => formatDate(row.stageChangedAt),
                className: "whitespace-nowrap",
              },
            ]}
          />
        )}
        <div className="flex flex-wrap items-center gap-4">
          <ButtonLink to={SUBMIT_PATH} size="md">
            {MY_SUBMISSIONS.submitNew}
          </ButtonLink>
          {drafts > 0 && <span className="text-sm text-slate-600 dark:text-slate-400">{MY_SUBMISSIONS.drafts}</span>}
        </div>
      </div>
    </>
  );
}
