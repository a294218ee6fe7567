import { TitledSection } from "./TitledSection";

export type FormattedCitation = { id: string; label: string; html: string };

/**
 * "How to cite": each style in a disclosure (the first open), so every style is one click away with
 * or without scripts, and the reference managers' formats as downloads.
 */
export function HowToCite({
  citations,
  downloads,
}: {
  citations: FormattedCitation[];
  downloads: { label: string; href: string; description: string }[];
}) {
  if (citations.length === 0 && downloads.length === 0) return null;
  return (
    <TitledSection
      id="how-to-cite"
      title="How to cite"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-night-card"
    >
      <div className="mt-4 space-y-2">
        {citations.map((citation, i) => (
          <details
            key={citation.id}
            open={i === 0}
            className="group rounded-md border border-slate-200 dark:border-slate-700"
          >
            <summary className="cursor-pointer px-4 py-2 text-sm font-semibold text-navy-800 dark:text-gold-300">
              {citation.label}
            </summary>
            <div
              className="citation border-t border-slate-200 px-4 py-3 text-sm leading-6 break-words select-all dark:border-slate-700"
              data-style={citation.id}
              dangerouslySetInnerHTML={{ __html: citation.html }}
            />
          </details>
        ))}
      </div>
      {downloads.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-700 dark:text-slate-300">Download citation</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {downloads.map((download) => (
              <li key={download.href}>
                <a
                  href={download.href}
                  download
                  title={download.description}
                  className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-navy-800 hover:bg-slate-50 dark:border-slate-600 dark:text-gold-300 dark:hover:bg-white/5"
                >
                  {download.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </TitledSection>
  );
}
