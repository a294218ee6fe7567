import { data, Link, useNavigate, useSearchParams } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { routeErrorBoundary } from "~/components/ErrorPanel";
import { HeroBackdrop } from "~/components/HeroBackdrop";
import { LazyModal as Modal } from "~/components/LazyModal";
import { RichText } from "~/components/RichText";
import { READING_PAGE } from "~/lib/hydration";
import { paragraphsToHtml } from "~/lib/paragraphs";
import { describe, socialImagePath } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { services } from "~/runtime.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/department";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { academics, legacyIds } = await services();
  // An old link names the department by the earlier system's id (decision 028).
  const department = await academics.departmentPage(await legacyIds.resolve(params.id));
  if (!department) throw data({ message: "Department not found" }, { status: 404 });
  // One address for search engines: the one the programmes page links to.
  const path = `/programmes/${department.id}`;
  const image = socialImagePath(department.departimage);
  const seo = await pageSeo(request, {
    title: department.name,
    description: describe(
      department.content,
      `${department.name}, ${department.facultyName}: courses, credits and semesters.`,
    ),
    path,
    image: image ? { url: image, alt: department.name } : null,
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: "Programmes", path: "/programmes" },
      { name: department.name, path },
    ],
  });
  return { department, seo };
}

// Under Programmes in the top bar, also at SPEC.md's /journals/{id}: a department is not the journal.
export const handle = { ...READING_PAGE, navSection: "/programmes" };

export const meta = routeMeta("Department not found");

export default function DepartmentPage({ loaderData }: Route.ComponentProps) {
  const { department } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const selected = department.courses.find((c) => c.id === searchParams.get("course"));
  const courseHref = (id?: string) => (id ? `?course=${id}` : "?");
  const openCourse = (id?: string) => navigate(courseHref(id), { preventScrollReset: true, replace: true });

  return (
    <>
      <AdminEditLink area="site" to={"/dashboard?tab=course"} what="this department and its courses" />
      <section
        className="relative isolate flex min-h-[22rem] items-end overflow-hidden bg-blue-800 text-white"
        data-testid="department-hero"
      >
        <HeroBackdrop image={department.departimage} shade="bg-gradient-to-t from-navy-950/85 to-navy-950/20" />
        <div className="mx-auto w-full max-w-7xl px-6 pt-32 pb-12">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase">{department.facultyName}</p>
          <h1 className="mt-3 font-serif text-3xl font-bold sm:text-5xl">{department.name}</h1>
        </div>
      </section>

      <div className="mx-auto max-w-5xl px-6 py-14">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Link to="/programmes" className="font-semibold text-navy-700 underline dark:text-gold-300">
            Programmes
          </Link>{" "}
          / {department.facultyName}
        </p>
        <div className="mt-6">
          {department.content ? (
            <RichText html={paragraphsToHtml(department.content)} />
          ) : (
            <p className="text-slate-600 dark:text-slate-400">No description provided for this department.</p>
          )}
        </div>

        <h2 id="courses" className="mt-14 scroll-mt-24 font-serif text-3xl font-bold text-navy-900 dark:text-white">
          Courses Offered
        </h2>
        {department.courses.length === 0 ? (
          <p className="mt-6 rounded-lg bg-navy-50 p-6 text-slate-700 dark:bg-night-card dark:text-slate-300">
            No courses available.
          </p>
        ) : (
          <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 shadow-sm dark:border-slate-700">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Courses offered by {department.name}. Choose a course for its details.
              </caption>
              <thead className="bg-navy-900 text-white">
                <tr>
                  <th scope="col" className="px-5 py-3 font-semibold">
                    Course Code
                  </th>
                  <th scope="col" className="px-5 py-3 font-semibold">
                    Course Name
                  </th>
                  <th scope="col" className="px-5 py-3 text-right font-semibold">
                    Credits
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-night-card">
                {department.courses.map((course) => (
                  <tr
                    key={course.id}
                    onClick={() => openCourse(course.id)}
                    className="cursor-pointer transition hover:bg-navy-50 dark:hover:bg-navy-900/60"
                  >
                    <td className="px-5 py-4 font-mono font-semibold whitespace-nowrap text-navy-800 dark:text-gold-300">
                      {course.code}
                    </td>
                    <td className="px-5 py-4">
                      <Link
                        to={courseHref(course.id)}
                        preventScrollReset
                        replace
                        onClick={(event) => event.stopPropagation()}
                        className="font-medium text-slate-800 hover:underline dark:text-slate-100"
                      >
                        {course.name}
                      </Link>
                    </td>
                    <td className="px-5 py-4 text-right tabular-nums">{course.credits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <Modal
        open={Boolean(selected)}
        onOpenChange={(open) => !open && openCourse()}
        title={selected?.name ?? ""}
        description={selected?.code}
        closeHref="?#courses"
      >
        {selected && (
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="font-semibold text-slate-500 dark:text-slate-400">Name</dt>
            <dd>{selected.name}</dd>
            <dt className="font-semibold text-slate-500 dark:text-slate-400">Code</dt>
            <dd className="font-mono">{selected.code}</dd>
            <dt className="font-semibold text-slate-500 dark:text-slate-400">Credits</dt>
            <dd>{selected.credits}</dd>
            {selected.semester && (
              <>
                <dt className="font-semibold text-slate-500 dark:text-slate-400">Semester</dt>
                <dd>{selected.semester}</dd>
              </>
            )}
            {selected.description && (
              <>
                <dt className="font-semibold text-slate-500 dark:text-slate-400">Description</dt>
                <dd className="leading-6">{selected.description}</dd>
              </>
            )}
          </dl>
        )}
      </Modal>
    </>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  tone: "blue",
  title: "Failed to load department data.",
  missing: "This department does not exist or has been removed.",
  failed: "Please try again in a moment.",
  link: { to: "/programmes", label: "See all programmes" },
});
