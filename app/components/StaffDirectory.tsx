import { Link, useNavigate, useSearchParams } from "react-router";

import { LazyModal as Modal } from "~/components/LazyModal";
import { Portrait } from "~/components/Portrait";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import type { StaffRecord } from "~/lib/site-content";

/**
 * Principal officers as cards; choosing one opens a modal with their details. The open officer is
 * in the address (`?officer=<role>`), so the cards are links that work before the page's scripts
 * run: the server renders the modal open, and its Close leads back to the list.
 */
export function StaffDirectory({ staff, anchor }: { staff: StaffRecord[]; anchor: string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const selected = staff.find((person) => person.role === searchParams.get("officer")) ?? null;
  const officerHref = (role?: string) => (role ? `?officer=${role}` : `?#${anchor}`);
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {staff.map((person) => (
          <li key={person.role}>
            <Link
              to={officerHref(person.role)}
              preventScrollReset
              replace
              className="group block w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500 dark:border-slate-700/60 dark:bg-night-card"
            >
              {person.photo ? (
                <ResponsiveImage
                  src={person.photo}
                  sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                  width={800}
                  height={600}
                  className="aspect-[4/3] w-full object-cover"
                  load="lazy"
                />
              ) : (
                <div className="aspect-[4/3] w-full bg-navy-100 dark:bg-navy-900" />
              )}
              <span className="block p-5">
                <span className="block font-serif text-lg font-semibold text-navy-900 group-hover:underline dark:text-white">
                  {person.name}
                </span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{person.post}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Modal
        open={selected !== null}
        onOpenChange={(open) => !open && navigate("?", { preventScrollReset: true, replace: true })}
        title={selected?.name ?? ""}
        description={selected?.post}
        closeHref={officerHref()}
      >
        {selected && (
          <div className="space-y-4">
            <Portrait person={selected} side={160} className="h-40 w-40 rounded-lg object-cover" />
            {selected.email && (
              <p>
                <span className="font-semibold">Email: </span>
                <a href={`mailto:${selected.email}`} className="text-navy-700 underline dark:text-gold-300">
                  {selected.email}
                </a>
              </p>
            )}
            {selected.description && (
              <p className="leading-7 text-slate-700 dark:text-slate-300">{selected.description}</p>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
