import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { DotSeparated } from "~/components/DotSeparated";
import { PageHero } from "~/components/PageHero";
import { RichText } from "~/components/RichText";
import { Section } from "~/components/Section";
import { StaffDirectory } from "~/components/StaffDirectory";
import { SubmitLink } from "~/journal/components/SubmitLink";
import { ARCHIVE_PATH } from "~/journal/names";
import { submitLinkTarget } from "~/journal/submit-link";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { SUBMIT_HERE_NOTE } from "~/submissions/words";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/admision";

export async function loader({ request }: Route.LoaderArgs) {
  const { siteContent, journal: periodical, submissions } = await services();
  const [guidelines, staff, journal, submitting] = await Promise.all([
    siteContent.focus("submitPage"),
    siteContent.staff(),
    periodical.profile(),
    submissions.settings(),
  ]);
  // One call for papers (decision 040): the journal's settings hold it, the banner's issue and
  // deadline with it; the Announcement tab edits its title and text.
  const callIssue = journal.callIssueId ? await periodical.issueById(journal.callIssueId) : undefined;
  return {
    guidelines,
    officers: staff.filter((s) => s.name),
    // "Submit a manuscript": here, or to the journal's portal (issue 34).
    submitTarget: submitLinkTarget(submitting),
    submitNote:
      submitting.mode === "here"
        ? SUBMIT_HERE_NOTE
        : "Admissions and submissions are handled on the university portal.",
    call: {
      journalTitle: journal.title,
      publisher: journal.publisher,
      title: journal.callTitle,
      text: journal.callText,
      deadline: journal.callDeadline,
      issue: callIssue ? { volume: callIssue.volume, number: callIssue.number, year: callIssue.year } : null,
    },
    seo: await pageSeo(request, {
      title: "Call for Papers",
      description: describe(guidelines.subtitle || journal.callTitle, journal.callText),
      path: "/admision",
    }),
  };
}

export const handle = READING_PAGE;

export const meta = routeMeta("Call for Papers");

export default function CallForPapers({ loaderData, matches }: Route.ComponentProps) {
  const { guidelines, officers, call, submitTarget, submitNote } = loaderData;
  const site = matches[0].loaderData.site;
  return (
    <>
      <AdminEditLink area="journal" to={"/dashboard?tab=journal"} what="the call for papers" />
      <PageHero compact eyebrow="Call for Papers" title={call.journalTitle}>
        <div className="mt-6 inline-block rounded-lg border border-gold-400/50 bg-navy-950/40 px-5 py-3 text-sm">
          <DotSeparated
            items={[
              ...(call.issue
                ? [
                    <span key="issue" className="font-semibold text-gold-300">
                      Volume {call.issue.volume}, Number {call.issue.number}
                    </span>,
                    `${call.issue.year} edition`,
                  ]
                : []),
              ...(call.deadline
                ? [
                    <span key="deadline">
                      Submissions close <time dateTime={call.deadline}>{formatDate(`${call.deadline}T12:00:00Z`)}</time>
                    </span>,
                  ]
                : []),
              `Published by the ${call.publisher || site.name}`,
            ]}
          />
        </div>
      </PageHero>

      <Section id="announcement" eyebrow="Call for papers" title={call.title || "Call for papers"}>
        <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr]">
          <div>
            <RichText html={call.text} />
            <p className="mt-6">
              <Link to={ARCHIVE_PATH} className="font-semibold text-navy-700 hover:underline dark:text-gold-300">
                Read the journal's past issues
              </Link>
            </p>
          </div>
          <aside className="h-fit rounded-xl bg-navy-900 p-7 text-white shadow-lg">
            <h3 className="font-serif text-xl font-semibold">Ready to apply?</h3>
            <p className="mt-2 text-sm text-slate-300">{submitNote}</p>
            <SubmitLink target={submitTarget} className="mt-6" />
            {site.applyUrl && (
              <a
                href={site.applyUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 ml-0 block w-fit rounded-md border border-gold-400 px-6 py-3 font-semibold text-gold-300 hover:bg-white/10"
              >
                Apply Now
              </a>
            )}
            {site.submissionEmails.length > 0 && (
              <p className="mt-6 text-sm text-slate-300">
                Manuscripts:{" "}
                {site.submissionEmails.map((email, i) => (
                  <span key={email}>
                    {i > 0 && ", "}
                    <a href={`mailto:${email}`} className="text-gold-300 underline">
                      {email}
                    </a>
                  </span>
                ))}
              </p>
            )}
          </aside>
        </div>
      </Section>

      {guidelines.content && (
        <Section id="guidelines" tone="tinted" title={guidelines.title} intro={guidelines.subtitle}>
          <RichText html={guidelines.content} className="max-w-3xl" />
        </Section>
      )}

      {officers.length > 0 && (
        <Section id="officers" eyebrow="Who to contact" title="Principal Officers">
          <StaffDirectory staff={officers} anchor="officers" />
        </Section>
      )}
    </>
  );
}
