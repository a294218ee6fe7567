import { PageHero } from "~/components/PageHero";
import { Section } from "~/components/Section";
import { READING_PAGE } from "~/lib/hydration";
import { routeMeta } from "~/lib/seo/route-meta";
import { getRuntime, services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/privacy";

/**
 * What the site counts of its readers and keeps (issue 35, decision 043), with this server's own
 * settings: how long a day's secret lives and how long the daily figures are kept.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ config }, { siteContent }] = await Promise.all([getRuntime(), services()]);
  const site = (await siteContent.siteLinks()).name;
  return {
    site,
    secretDays: config.readership.secretDays,
    retentionDays: config.readership.retentionDays,
    seo: await pageSeo(request, {
      title: "Privacy",
      description: `What ${site} counts when you read its pages, and what it keeps: no cookie, no outside service, no address.`,
      path: "/privacy",
    }),
  };
}

export const handle = READING_PAGE;

export const meta = routeMeta("Privacy");

const days = (n: number) => (n === 1 ? "one day" : `${n} days`);

const TEXT = "space-y-4 text-lg leading-relaxed text-slate-700 dark:text-slate-200";

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { site, secretDays, retentionDays } = loaderData;
  return (
    <>
      <PageHero compact eyebrow="Privacy" title="What we count, and what we keep" />
      <Section id="reading" title="When you read">
        <div className={`max-w-3xl ${TEXT}`}>
          <p>
            {site} counts how often its pages are read, so that its authors and editors know what is read and the
            journal can report its use by the COUNTER Code of Practice (Release 5.1). It does this on its own server:
          </p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>No cookie for reading.</strong> Reading a page, searching or downloading a PDF sets no cookie and
              runs no counting script.
            </li>
            <li>
              <strong>No outside service.</strong> No analytics company, advertiser or social network sees your visit
              through this site.
            </li>
            <li>
              <strong>No address kept.</strong> To count a person once in an hour, as COUNTER asks, the server makes a
              one-way code from your network address, your browser&apos;s name, the date and the hour, mixed with a
              secret of the day. Your address and browser&apos;s name are not written down. Each secret is deleted after{" "}
              {days(secretDays)}; from then on no one, not even we, can tell whose the codes of that day were.
            </li>
            <li>
              <strong>The referring site&apos;s name only.</strong> When you follow a link here from another site, we
              keep that site&apos;s name (such as scholar.google.com), never the page you came from.
            </li>
            <li>
              <strong>Your country only when our proxy says it.</strong> We do not look up where an address is. If the
              server in front of this site names a country in a header, that country is counted; otherwise none is.
            </li>
            <li>
              <strong>Robots apart.</strong> Search engines&apos; robots and crawlers are counted apart and left out of
              the figures.
            </li>
          </ul>
        </div>
      </Section>
      <Section id="kept" title="What we keep">
        <div className={`max-w-3xl ${TEXT}`}>
          <p>
            Each read is kept as an event (the time, the page, the one-way code, the referring site&apos;s name) for
            about two days, while it is summed. What stays are daily figures: how many views, downloads, searches and
            feed reads each page had on each day, and from which sites. They name no person.{" "}
            {retentionDays > 0
              ? `The daily figures are deleted after ${days(retentionDays)}.`
              : "The daily figures are kept for good, as a journal's usage reports are."}
          </p>
          <p>
            When you sign in, the site sets a session cookie to know it is you, and keeps a record of what you change
            and from where (the activity log). Choosing the light or dark theme keeps your choice in a cookie. None of
            these is used to count reading.
          </p>
        </div>
      </Section>
    </>
  );
}
