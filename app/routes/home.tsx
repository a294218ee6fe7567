import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { CallToAction } from "~/components/CallToAction";
import { ArrowRightIcon } from "~/components/icons";
import { PageHero } from "~/components/PageHero";
import { Portrait } from "~/components/Portrait";
import { toPostCard } from "~/components/post-card";
import { PostCard } from "~/components/PostCard";
import { RichText } from "~/components/RichText";
import { Section } from "~/components/Section";
import { SubmitLink } from "~/journal/components/SubmitLink";
import { submitLinkTarget } from "~/journal/submit-link";
import { READING_PAGE } from "~/lib/hydration";
import { describe, organizationNode } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/home";

const FOCUS_AREAS = [
  {
    title: "Peace Studies",
    text: "Conflict analysis, mediation, reconciliation and the conditions for lasting peace.",
  },
  { title: "Security Studies", text: "Insurgency, terrorism, policing, intelligence and the governance of security." },
  { title: "Policy & Governance", text: "Institutions, oversight and the policies that prevent violence." },
  { title: "Development & Security Nexus", text: "Poverty, climate, land and livelihoods as drivers of conflict." },
  { title: "Regional Case Studies", text: "Field research on conflicts and peace processes across the region." },
  { title: "International Relations", text: "Diplomacy, regional organisations and the international system." },
  { title: "Emerging Issues", text: "Cyber security, disinformation, migration and new forms of conflict." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { siteContent, posts, categories, submissions } = await services();
  const [settings, staff, focus, submitting, latest] = await Promise.all([
    siteContent.settingsOf(["homepage", "about", "howtoapplyone", "howtoapplytwo", "howtoapplythree", "calltoaction"]),
    siteContent.staff(),
    siteContent.focus("focusPage"),
    submissions.settings(),
    // The news block degrades to a message rather than failing the whole page.
    Promise.all([posts.latest(3), categories.names()]).then(
      ([rows, names]) => rows.map((row) => toPostCard(row, names)),
      (error: unknown) => {
        console.error("home: latest posts failed:", error);
        return null;
      },
    ),
  ]);
  const { homepage, about, calltoaction } = settings;
  const steps = [settings.howtoapplyone, settings.howtoapplytwo, settings.howtoapplythree] as const;
  const director = staff.find((s) => s.role === "director")!;
  const vc = staff.find((s) => s.role === "vc")!;
  const seo = await pageSeo(request, (site) => ({
    description: describe(homepage.subtitle, homepage.intro),
    path: "/",
    jsonLd: [organizationNode(site)],
  }));
  // "Submit a manuscript": here, or to the journal's portal (issue 34).
  const submitTarget = submitLinkTarget(submitting);
  return { homepage, about, director, vc, steps, calltoaction, focus, news: latest, seo, submitTarget };
}

/** A section's way on: a text link with an arrow that moves as it is pointed at. */
function MoreLink({ to, className = "", children }: { to: string; className?: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className={`${className} inline-flex items-center gap-2 font-semibold text-navy-700 hover:gap-3 dark:text-gold-300`.trim()}
    >
      {children} <ArrowRightIcon />
    </Link>
  );
}

export const handle = READING_PAGE;

export const meta = routeMeta("Home");

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { homepage, about, director, vc, steps, calltoaction, focus, news, submitTarget } = loaderData;
  const site = matches[0].loaderData.site;
  return (
    <>
      <AdminEditLink area="site" to={"/dashboard?tab=about&section=homepage"} what="the home page's hero" />
      <PageHero tall title={homepage.title} eyebrow={homepage.subtitle} image={homepage.homeimage || undefined}>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-200">{homepage.intro}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link
            to="/journals"
            className="inline-flex items-center gap-2 rounded-md bg-gold-500 px-6 py-3 font-semibold text-navy-950 shadow-lg transition hover:bg-gold-400"
          >
            Browse Our Journals <ArrowRightIcon />
          </Link>
          <Link
            to="/admision"
            className="rounded-md border border-white/60 px-6 py-3 font-semibold text-white transition hover:bg-white/10"
          >
            Call for Papers
          </Link>
        </div>
      </PageHero>

      <Section id="about-teaser" eyebrow="About the Centre" title={about.title}>
        <div className="grid gap-10 lg:grid-cols-[1.3fr_1fr] lg:items-start">
          <div>
            <p className="text-lg leading-8 text-slate-700 dark:text-slate-300">{about.intro}</p>
            <p className="mt-4 text-slate-600 dark:text-slate-400">{about.subtitle}</p>
            <MoreLink to="/about" className="mt-8">
              Learn more about the Centre
            </MoreLink>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2" aria-label="Leadership">
            {[vc, director].map((person) => (
              <li
                key={person.role}
                className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700/60 dark:bg-night-card"
              >
                <Portrait
                  person={person}
                  side={480}
                  sizes="(min-width: 1024px) 240px, 50vw"
                  className="aspect-square w-full object-cover"
                  lazy
                />
                <div className="p-5">
                  <p className="font-serif text-lg font-semibold text-navy-900 dark:text-white">{person.name}</p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{person.post}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section
        id="focus"
        tone="tinted"
        eyebrow="Research"
        title={focus.title || "Area of Focus"}
        intro={focus.subtitle || "The themes our research, teaching and journal cover."}
      >
        {focus.content && <RichText html={focus.content} className="mb-10 max-w-3xl" />}
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FOCUS_AREAS.map((area, i) => (
            <li
              key={area.title}
              className="rounded-xl border-t-4 border-gold-500 bg-white p-6 shadow-sm dark:bg-night-card"
            >
              <p className="font-serif text-sm font-bold text-gold-700 dark:text-gold-400">
                {String(i + 1).padStart(2, "0")}
              </p>
              <h3 className="mt-2 font-serif text-lg font-semibold text-navy-900 dark:text-white">{area.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{area.text}</p>
            </li>
          ))}
          <li className="flex flex-col justify-center rounded-xl bg-navy-900 p-6 text-white">
            <p className="font-serif text-lg font-semibold">Writing in one of these areas?</p>
            <Link
              to="/journals"
              className="mt-4 inline-flex items-center gap-2 font-semibold text-gold-300 hover:gap-3"
            >
              Journal Requirements <ArrowRightIcon />
            </Link>
          </li>
        </ul>
      </Section>

      {director.description && (
        <Section id="welcome" eyebrow="From the Director" title="Director's Welcome Message">
          {/* The caption is the figure's own last child (HTML allows it nowhere else): the grid puts
              it under the quote, beside the portrait. */}
          <figure className="grid gap-x-8 gap-y-6 md:grid-cols-[14rem_1fr] md:grid-rows-[auto_1fr] md:items-start">
            <Portrait
              person={director}
              side={224}
              className="aspect-square w-56 rounded-xl object-cover shadow-md md:row-span-2"
              lazy
            />
            <blockquote className="font-serif text-xl leading-9 text-slate-700 dark:text-slate-200">
              “{director.description}”
            </blockquote>
            <figcaption>
              <span className="block font-semibold text-navy-900 dark:text-white">{director.name}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400">{director.post}</span>
            </figcaption>
          </figure>
        </Section>
      )}

      <Section id="how-to-apply" tone="tinted" eyebrow="Publish with us" title="How to submit">
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={i} className="relative rounded-xl bg-white p-7 shadow-sm dark:bg-night-card">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-navy-800 font-serif font-bold text-gold-300">
                {i + 1}
              </span>
              <h3 className="mt-4 font-serif text-xl font-semibold text-navy-900 dark:text-white">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{step.subtitle}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-wrap items-center gap-x-8 gap-y-4">
          <MoreLink to="/admision">View all Requirements</MoreLink>
          <SubmitLink target={submitTarget} variant="text" />
        </div>
      </Section>

      <Section id="news" eyebrow="Latest" title="News and Stories">
        {news === null ? (
          <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200">
            Failed to load posts. Please try again later.
          </p>
        ) : news.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No news yet.</p>
        ) : (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {news.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        )}
        <MoreLink to="/posts" className="mt-10">
          All news and stories
        </MoreLink>
      </Section>

      <CallToAction title={calltoaction.title} subtitle={calltoaction.subtitle} emails={site.submissionEmails} />
    </>
  );
}
