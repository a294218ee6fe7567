import { AdminEditLink } from "~/components/AdminEditLink";
import { CallToAction } from "~/components/CallToAction";
import { PageHero } from "~/components/PageHero";
import { Portrait } from "~/components/Portrait";
import { RichText } from "~/components/RichText";
import { Section } from "~/components/Section";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import type { StaffRecord } from "~/lib/site-content";
import { services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/about";

export async function loader({ request }: Route.LoaderArgs) {
  const { siteContent } = await services();
  const [focus, { about, calltoaction }, staff] = await Promise.all([
    siteContent.focus("aboutPage"),
    siteContent.settingsOf(["about", "calltoaction"]),
    siteContent.staff(),
  ]);
  return {
    focus,
    about,
    calltoaction,
    vc: staff.find((s) => s.role === "vc")!,
    director: staff.find((s) => s.role === "director")!,
    seo: await pageSeo(request, {
      title: focus.title || "About",
      description: describe(focus.subtitle, about.intro),
      path: "/about",
    }),
  };
}

export const handle = READING_PAGE;

export const meta = routeMeta("About");

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const { focus, about, calltoaction, vc, director } = loaderData;
  const site = matches[0].loaderData.site;
  const pillars = [
    { title: "Our Mission", text: about.mission },
    { title: "Our Vision", text: about.vision },
    { title: "Our Philosophy", text: about.philosophy },
  ].filter((p) => p.text);
  const messages = [
    // The about page may show another photo of the person beside their message.
    {
      person: { ...vc, photo: about.vcimage || vc.photo },
      message: about.vcMessage,
      heading: "From the Vice-Chancellor",
    },
    {
      person: { ...director, photo: about.directorimage || director.photo },
      message: about.directorMessage,
      heading: "From the Director",
    },
  ].filter((m) => m.message);
  return (
    <>
      <AdminEditLink area="site" to={"/dashboard?tab=about&section=about"} what="the About page's text" />
      <PageHero compact eyebrow={site.university || "About"} title={site.name} subtitle={site.motto} />

      <Section id="about-content" title={focus.title} intro={focus.subtitle}>
        <RichText html={focus.content} className="max-w-3xl" />
      </Section>

      {pillars.length > 0 && (
        <Section id="pillars" tone="tinted" eyebrow={about.title} title={about.subtitle}>
          {about.intro && (
            <p className="-mt-4 mb-10 max-w-3xl text-lg text-slate-600 dark:text-slate-300">{about.intro}</p>
          )}
          <div className="grid gap-6 md:grid-cols-3">
            {pillars.map((p) => (
              <div
                key={p.title}
                className="rounded-xl border-t-4 border-gold-500 bg-white p-7 shadow-sm dark:bg-night-card"
              >
                <h3 className="font-serif text-xl font-semibold text-navy-900 dark:text-white">{p.title}</h3>
                <p className="mt-3 leading-7 text-slate-600 dark:text-slate-300">{p.text}</p>
              </div>
            ))}
          </div>
        </Section>
      )}

      {messages.length > 0 && (
        <Section id="messages" title="Messages">
          <div className="grid gap-10 lg:grid-cols-2">
            {messages.map((message) => (
              <LeaderMessage key={message.person.role} {...message} />
            ))}
          </div>
        </Section>
      )}

      <CallToAction title={calltoaction.title} subtitle={calltoaction.subtitle} emails={site.submissionEmails} />
    </>
  );
}

/** A leader's message: their portrait, whose message it is, the message, and their name and post. */
function LeaderMessage({ person, message, heading }: { person: StaffRecord; message: string; heading: string }) {
  return (
    // The caption is the figure's own last child (HTML allows it nowhere else): the grid keeps the
    // text in a column beside the portrait.
    <figure className="grid grid-cols-[7rem_1fr] grid-rows-[auto_auto_1fr] content-start gap-x-6">
      <Portrait person={person} side={112} className="row-span-3 h-28 w-28 rounded-full object-cover shadow" lazy />
      <h3 className="text-sm font-semibold tracking-wider text-gold-700 uppercase dark:text-gold-400">{heading}</h3>
      <blockquote className="mt-2 font-serif text-lg leading-8 text-slate-700 dark:text-slate-200">
        “{message}”
      </blockquote>
      <figcaption className="mt-3 text-sm">
        <span className="font-semibold text-navy-900 dark:text-white">{person.name}</span>
        <span className="text-slate-600 dark:text-slate-400"> · {person.post}</span>
      </figcaption>
    </figure>
  );
}
