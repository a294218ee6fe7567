import { useCallback, useState } from "react";
import { useNavigation } from "react-router";

import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Alert } from "~/components/forms/Alert";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import type { ActionResult, Loaded, TabProps } from "~/dashboard/tab";

import type { load } from "./course.server";
import { COURSE_PAGE, type CourseLists, type Editing, type Kind } from "./course-types";
import { CourseTables } from "./CourseTables";
import { CreateCourseForm, CreateDepartmentForm, CreateFacultyForm } from "./CreateForms";
import { EditModal } from "./EditModal";

export function CourseTab({ data: lists, result }: TabProps<Loaded<typeof load>>) {
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.search.includes("tab=course") && !lists) {
    return <p>Loading...</p>;
  }
  if (!lists) return <Alert tone="error">Failed to load data. Please try again.</Alert>;
  return <CourseAdmin lists={lists} result={result} />;
}

/**
 * The message on top: the page's own last answer, or what the edit dialog saved since. A newer
 * answer from the page's forms replaces the dialog's message.
 */
function useLatestMessage(result: ActionResult | undefined) {
  const [saved, setSaved] = useState<{ ok: true; message: string } | null>(null);
  const [resultSeen, setResultSeen] = useState(result);
  if (resultSeen !== result) {
    setResultSeen(result);
    setSaved(null);
  }
  const showSaved = useCallback((message: string) => setSaved({ ok: true, message }), []);
  return { shown: saved ?? (result?.holds ? undefined : result), showSaved };
}

function CourseAdmin({ lists, result }: { lists: CourseLists; result: ActionResult | undefined }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ kind: Kind; id: string } | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);
  const { shown, showSaved } = useLatestMessage(result);
  return (
    <section aria-labelledby="course-title" className="space-y-8">
      <Heading id="course-title">Faculties, departments and courses</Heading>
      <Notice result={shown} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CreateFacultyForm />
        <CreateDepartmentForm lists={lists} />
      </div>
      <CreateCourseForm lists={lists} />
      <CourseTables lists={lists} onEdit={setEditing} onDelete={setDeleting} />
      {editing && (
        <EditModal
          key={`${editing.kind}-${editing.row.id}`}
          editing={editing}
          lists={lists}
          onClose={closeEditor}
          onSaved={showSaved}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Are you sure you want to delete this ${deleting?.kind ?? "item"}?`}
        fields={{ intent: `delete-${deleting?.kind ?? ""}`, id: deleting?.id ?? "" }}
        pageHref={COURSE_PAGE}
      />
      <NotEmptyDialog result={result} />
    </section>
  );
}

/** A delete that found records inside: say what it holds, and offer to delete them all together. */
function NotEmptyDialog({ result }: { result: ActionResult | undefined }) {
  // The answer whose question was dismissed: the question stays closed until a new answer.
  const [dismissed, setDismissed] = useState<ActionResult | undefined | null>(null);
  const holds = dismissed === result ? undefined : result?.holds;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const departments = holds?.kind === "faculty" ? `${plural(holds.departments, "department")} and ` : "";
  return (
    <ConfirmDialog
      open={Boolean(holds)}
      onOpenChange={(open) => !open && setDismissed(result)}
      title={`This ${holds?.kind ?? "item"} is not empty`}
      description={
        holds ? `It still holds ${departments}${plural(holds.courses, "course")}. Delete them all together?` : undefined
      }
      confirmLabel="Delete them all"
      fields={{
        intent: `delete-${holds?.kind ?? ""}`,
        id: holds?.id ?? "",
        together: "1",
        departments: String(holds?.departments ?? 0),
        courses: String(holds?.courses ?? 0),
      }}
      pageHref={COURSE_PAGE}
    />
  );
}
