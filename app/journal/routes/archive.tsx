import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { PageHero } from "~/components/PageHero";
import { RichText } from "~/components/RichText";
import { SubscribeLinks } from "~/components/SubscribeLinks";
import { IssueCover } from "~/journal/components/IssueCover";
import { SubmitLink } from "~/journal/components/SubmitLink";
import { TitledSection } from "~/journal/components/TitledSection";
import { ARCHIVE_PATH } from "~/journal/names";
import { submitLinkTarget } from "~/journal/submit-link";
import { issueLabel, issuePath, licence } from "~/journal/vocabulary";
import { JOURNAL_FEED_LINKS, JOURNAL_SUBSCRIPTIONS } from "~/lib/feed-links";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/archive";

/** /journals/issues: every published issue by volume, and what the journal is. */
export async function loader({ request }: Route.LoaderArgs) {
  const { journal, submissions } = await services();
  const [issues, profile, submitting] = await Promise.all([
    journal.issues(),
    journal.profile(),
    submissions.settings(),
  ]);
  const volumes: { volume: number; issues: ((typeof issues)[number] & { label: string; path: string })[] }[] = [];
  for (const issue of issues) {
    const entry = { ...issue, label: issueLabel(issue), path: issuePath(issue) };
    const last = volumes[volumes.length - 1];
    if (last?.volume === issue.volume) last.issues.push(entry);
    else volumes.push({ volume: issue.volume, issues: [entry] });
  }
  const seo = await pageSeo(request, {
    title: `Archive · ${profile.title}`,
    description: describe(`Every issue of ${profile.title}.`),
    path: ARCHIVE_PATH,
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: profile.title, path: "/journals" },
      { name: "Archive", path: ARCHIVE_PATH },
    ],
  });
  return {
    volumes,
    profile: { ...profile, licenceLabel: licence(profile.licence)?.label ?? "" },
    seo,
    submitTarget: submitLinkTarget(submitting),
  };
}

export const handle = READING_PAGE;

export const links: Route.LinksFunction = () => JOURNAL_FEED_LINKS;

export const meta = routeMeta("Archive");

export default function Archive({ loaderData }: Route.ComponentProps) {
  const { volumes, profile } = loaderData;
  const issn = [
    profile.issnPrint && `${profile.issnPrint} (print)`,
    profile.issnOnline && `${profile.issnOnline} (online)`,
  ].filter(Boolean);
  return (
    <>
      <AdminEditLink area="journal" to="/dashboard?tab=issues" what="the journal's issues" />
      <PageHero compact eyebrow={profile.title} title="Archive" subtitle="Every issue of the journal">
        <SubscribeLinks feeds={JOURNAL_SUBSCRIPTIONS} />
        <SubmitLink target={loaderData.submitTarget} className="mt-6" />
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-12 px-6 py-12 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-12">
          {volumes.length === 0 && <p>No issue has been published yet.</p>}
          {volumes.map(({ volume, issues }) => (
            <section key={volume} aria-labelledby={`volume-${volume}`}>
              <h2 id={`volume-${volume}`} className="font-serif text-2xl font-bold text-navy-900 dark:text-white">
                Volume {volume}
              </h2>
              <ul className="mt-5 grid gap-6 sm:grid-cols-2 md:grid-cols-3">
                {issues.map((issue) => (
                  <li key={issue.id}>
                    <Link to={issue.path} className="group block">
                      <IssueCover issue={issue} journalTitle={profile.title} className="w-full max-w-44" />
                      <span className="mt-3 block font-semibold text-navy-900 group-hover:underline dark:text-white">
                        {issue.label}
                      </span>
                      <span className="block text-sm text-slate-600 dark:text-slate-400">
                        {issue.articles} article{issue.articles === 1 ? "" : "s"}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <aside className="space-y-8 text-sm">
          <TitledSection id="about-journal" title="About the journal">
            <dl className="mt-3 space-y-2">
              {issn.length > 0 && (
                <div>
                  <dt className="font-semibold">ISSN</dt>
                  <dd>{issn.join(", ")}</dd>
                </div>
              )}
              {profile.publisher && (
                <div>
                  <dt className="font-semibold">Publisher</dt>
                  <dd>{profile.publisher}</dd>
                </div>
              )}
              {profile.licenceLabel && (
                <div>
                  <dt className="font-semibold">Licence</dt>
                  <dd>{profile.licenceLabel}</dd>
                </div>
              )}
            </dl>
            {profile.focusScope && (
              <>
                <h3 className="mt-5 font-semibold">Focus and scope</h3>
                <RichText html={profile.focusScope} className="mt-2" />
              </>
            )}
          </TitledSection>
          {profile.board.length > 0 && (
            <TitledSection id="editorial-board" title="Editorial board">
              <ul className="mt-3 space-y-3">
                {profile.board.map((member, i) => (
                  <li key={i}>
                    <span className="block font-semibold">{member.name}</span>
                    <span className="block text-slate-600 dark:text-slate-400">
                      {[member.role, member.affiliation].filter(Boolean).join(", ")}
                    </span>
                  </li>
                ))}
              </ul>
            </TitledSection>
          )}
        </aside>
      </div>
    </>
  );
}
