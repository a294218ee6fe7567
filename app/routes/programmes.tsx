import { Link } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { ArrowRightIcon } from "~/components/icons";
import { PageHero } from "~/components/PageHero";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { Section } from "~/components/Section";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/programmes";

export async function loader({ request }: Route.LoaderArgs) {
  const { siteContent, academics } = await services();
  const [programmes, faculties] = await Promise.all([
    siteContent.settings("programmes"),
    academics.facultiesWithDepartments(),
  ]);
  const seo = await pageSeo(request, {
    title: programmes.title || "Programmes",
    description: describe(programmes.subtitle),
    path: "/programmes",
  });
  return { programmes, faculties, seo };
}

export const handle = READING_PAGE;

export const meta = routeMeta("Programmes");

export default function Programmes({ loaderData }: Route.ComponentProps) {
  const { programmes, faculties } = loaderData;
  // The first card with an image: the image nearest the top, on screen on a phone.
  const firstImage = faculties
    .flatMap((faculty) => faculty.departments)
    .find((department) => department.departimage)?.id;
  return (
    <>
      <AdminEditLink area="site" to={"/dashboard?tab=course"} what="the faculties and departments" />
      <PageHero
        compact
        eyebrow="Study with us"
        title={programmes.title || "Programmes"}
        subtitle={programmes.subtitle}
      />
      <Section id="faculties" title={programmes.introTitle} intro={programmes.introSubtitle}>
        {faculties.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No programmes are published yet.</p>
        ) : (
          <div className="space-y-14">
            {faculties.map((faculty) => (
              <section key={faculty.id} aria-labelledby={`faculty-${faculty.id}`}>
                <h3
                  id={`faculty-${faculty.id}`}
                  className="border-b border-slate-200 pb-3 font-serif text-2xl font-bold text-navy-900 dark:border-slate-700 dark:text-white"
                >
                  {faculty.name}
                </h3>
                {faculty.departments.length === 0 ? (
                  <p className="mt-4 text-slate-600 dark:text-slate-400">No departments yet.</p>
                ) : (
                  <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                    {faculty.departments.map((department) => (
                      <li key={department.id}>
                        <DepartmentCard department={department} priority={department.id === firstImage} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        )}
      </Section>
    </>
  );
}

type Department = Route.ComponentProps["loaderData"]["faculties"][number]["departments"][number];

/** A department as a card: its image (or a plain block), its name, how many courses it has. */
function DepartmentCard({ department, priority }: { department: Department; priority: boolean }) {
  return (
    <Link
      to={`/programmes/${department.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg dark:border-slate-700/60 dark:bg-night-card"
    >
      {department.departimage ? (
        <ResponsiveImage
          src={department.departimage}
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          width={800}
          height={288}
          className="h-36 w-full object-cover"
          load={priority ? "priority" : "lazy"}
        />
      ) : (
        <div className="h-36 w-full bg-gradient-to-br from-navy-700 to-navy-900" />
      )}
      <span className="flex flex-1 flex-col p-5">
        <span className="font-serif text-lg font-semibold text-navy-900 group-hover:underline dark:text-white">
          {department.name}
        </span>
        <span className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {department.courseCount === 1 ? "1 course" : `${department.courseCount} courses`}
        </span>
        <span className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm font-semibold text-navy-700 dark:text-gold-300">
          View department <ArrowRightIcon />
        </span>
      </span>
    </Link>
  );
}
