import { ResponsiveImage } from "~/components/ResponsiveImage";
import { issueLabel } from "~/journal/names";

/** An issue's cover, or a typeset stand-in with the journal's name and the issue's numbers. */
export function IssueCover({
  issue,
  journalTitle,
  className = "w-40",
}: {
  issue: { volume: number; number: number; year: number; cover: string };
  journalTitle: string;
  className?: string;
}) {
  if (issue.cover)
    return (
      <ResponsiveImage
        src={issue.cover}
        alt={`Cover of ${issueLabel(issue)}`}
        load="lazy"
        width={600}
        height={800}
        sizes="192px"
        className={`${className} aspect-[3/4] rounded-md object-cover shadow-md`}
      />
    );
  return (
    <div
      className={`${className} flex aspect-[3/4] flex-col justify-between rounded-md bg-navy-900 p-4 text-white shadow-md`}
      aria-hidden="true"
    >
      <span className="font-serif text-sm leading-tight">{journalTitle}</span>
      <span className="text-xs font-semibold text-gold-300">{issueLabel(issue)}</span>
    </div>
  );
}
