import { useState } from "react";
import { Link } from "react-router";

import { ConfirmDialog } from "~/components/ConfirmDialog";
import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { buttonClasses } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { Notice } from "~/components/ui/Notice";
import { Select } from "~/components/ui/Select";
import { DeleteLink } from "~/dashboard/DeleteLink";
import { editColumn } from "~/dashboard/EditColumn";
import { FormActions } from "~/dashboard/FormActions";
import { ListEditorForm } from "~/dashboard/ListEditorForm";
import { SaveButton } from "~/dashboard/SaveButton";
import type { ActionResult, Loaded, TabProps } from "~/dashboard/tab";
import { EDITORIAL_STATUS_LABELS, type EditorialStatus } from "~/domain/vocabulary";
import { EMPTY_ISSUE, type IssueForm } from "~/journal/forms";
import { ISSUE_STATUS_LABELS, ISSUE_STATUSES, issueLabel, type IssueStatus } from "~/journal/vocabulary";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { useUnsavedChanges } from "~/lib/unsaved-changes";
import { useHydrated } from "~/lib/use-hydrated";

import type { load } from "./issues.server";

type Data = Loaded<typeof load>;
type IssueRow = Data["issues"][number];

const STATUS_OPTIONS = ISSUE_STATUSES.map((value) => ({ value, label: ISSUE_STATUS_LABELS[value] }));
const ISSUES_PAGE = "/dashboard?tab=issues";

function issueColumns(onDelete: (id: string) => void): Column<IssueRow>[] {
  const exportLink = (issue: IssueRow, file: "crossref" | "doaj", label: string) => (
    <a
      href={`/journals/issue/${issue.volume}/${issue.number}/${file}.xml`}
      download
      className={buttonClasses("link", "inline", "whitespace-nowrap")}
      aria-label={`${label} of ${issueLabel({ ...issue, title: "" })}`}
    >
      {label}
    </a>
  );
  return [
    {
      header: "Issue",
      className: "whitespace-nowrap font-medium",
      cell: (issue) => issueLabel({ ...issue, title: "" }),
    },
    { header: "Title", cell: (issue) => issue.title },
    { header: "Status", cell: (issue) => ISSUE_STATUS_LABELS[issue.status as IssueStatus] ?? issue.status },
    { header: "Articles", cell: (issue) => issue.articles },
    {
      header: "Exports",
      cell: (issue) => (
        <div className="flex flex-col gap-1">
          {exportLink(issue, "crossref", "Crossref XML")}
          {exportLink(issue, "doaj", "DOAJ XML")}
        </div>
      ),
    },
    editColumn(
      (issue) => `${ISSUES_PAGE}&edit=${issue.id}`,
      (issue) => issueLabel({ ...issue, title: "" }),
    ),
    {
      header: "Delete",
      cell: (issue) => (
        <DeleteLink tab="issues" id={issue.id} label={issueLabel({ ...issue, title: "" })} onOpen={onDelete} />
      ),
    },
  ];
}

/** A stored issue as the form's fields. */
function issueForm(issue: NonNullable<Data["editing"]>): IssueForm {
  return {
    volume: String(issue.volume),
    number: String(issue.number),
    year: String(issue.year),
    title: issue.title,
    description: issue.description,
    cover: issue.cover,
    publishedOn: issue.publishedOn ?? "",
    status: issue.status,
  };
}

export function IssuesTab({ data: { issues, editing, articles }, result, confirm }: TabProps<Data>) {
  const [deleting, setDeleting] = useState<string | null>(confirm);
  const target = issues.find((issue) => issue.id === deleting);
  // A saved form starts afresh (an empty one, or the issue as saved); a refused one keeps what was typed.
  const [seen, setSeen] = useState({ result, saves: 0 });
  if (seen.result !== result) setSeen({ result, saves: seen.saves + (result?.ok ? 1 : 0) });
  const saveResult = result?.intent === "save-issue" ? result : undefined;
  return (
    <section aria-labelledby="issues-title">
      <Heading id="issues-title">Issues</Heading>
      <Notice
        result={result?.intent === "delete-issue" || result?.intent === "publish-issue" ? result : undefined}
        className="mt-4"
      />
      {issues.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">no issue yet</p>
      ) : (
        <div className="mt-6">
          <DataTable columns={issueColumns(setDeleting)} rows={issues} rowKey={(issue) => issue.id} />
        </div>
      )}
      <ConfirmDialog
        open={Boolean(target)}
        onOpenChange={(open) => !open && setDeleting(null)}
        fields={{ intent: "delete-issue", issueId: target?.id ?? "" }}
        pageHref={ISSUES_PAGE}
        description={
          target ? `${issueLabel(target)} will be deleted. An issue with articles in it cannot be deleted.` : undefined
        }
      />
      <IssueEditor key={`${editing?.id ?? "new"}:${seen.saves}`} editing={editing} result={saveResult} />
      {editing && <IssueArticles issue={editing} articles={articles} askToPublish={confirm === PUBLISH_CONFIRM} />}
    </section>
  );
}

/** The `?confirm=` value that opens the publish dialog without JavaScript. */
const PUBLISH_CONFIRM = "publish";

/**
 * The issue's page lists its articles; a forthcoming one is published from here, with its
 * articles, in one step (issue 31).
 */
function IssueArticles({
  issue,
  articles,
  askToPublish,
}: {
  issue: NonNullable<Data["editing"]>;
  articles: Data["articles"];
  askToPublish: boolean;
}) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(askToPublish);
  const label = issueLabel({ ...issue, title: "" });
  const issueHref = `${ISSUES_PAGE}&edit=${issue.id}`;
  const going = articles.filter((article) => article.status !== "scheduled").length;
  const forthcoming = issue.status !== "published";
  return (
    <section
      aria-labelledby="issue-articles-title"
      className="mt-10 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <Heading level={3} id="issue-articles-title">
        Articles in {label}
      </Heading>
      {articles.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No article in this issue yet.</p>
      ) : (
        <ul className="space-y-1">
          {articles.map((article) => (
            <li key={article.id} className="flex flex-wrap gap-x-3">
              <Link to={`/update-journal/${article.id}`} className={buttonClasses("link", "inline")}>
                {article.title}
              </Link>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {EDITORIAL_STATUS_LABELS[article.status as EditorialStatus] ?? article.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      {forthcoming && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Visitors see none of these articles until the issue is published. Publishing it makes the issue and its
            draft and published articles public at once; scheduled ones keep their time.
          </p>
          <Link
            to={`${issueHref}&confirm=${PUBLISH_CONFIRM}`}
            preventScrollReset
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setAsking(true);
            }}
            className={buttonClasses("primary", "md")}
          >
            Publish issue
          </Link>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            fields={{ intent: "publish-issue", issueId: issue.id }}
            pageHref={issueHref}
            title={`Publish ${label}?`}
            description={`The issue and ${going === 1 ? "its 1 article" : `its ${going} articles`} will be public at once, for readers, search engines and harvesters.`}
            confirmLabel="Publish issue"
          />
        </>
      )}
    </section>
  );
}

function IssueEditor({ editing, result }: { editing: Data["editing"]; result: ActionResult | undefined }) {
  const { uploading, onUploadingChange } = useUploadsInFlight();
  const { watch } = useUnsavedChanges();
  const refused = result && !result.ok ? result : undefined;
  const values = (refused?.values as IssueForm | undefined) ?? (editing ? issueForm(editing) : EMPTY_ISSUE);
  const errors = refused?.errors ?? {};
  const bind = fieldBinder(values, errors);
  const heading = editing ? `Edit ${issueLabel({ ...editing, title: "" })}` : "New issue";
  return (
    <ListEditorForm
      ref={watch}
      page={ISSUES_PAGE}
      editing={editing?.id}
      titleId="issue-form-title"
      title={heading}
      newInstead="New issue instead"
    >
      {editing && <input type="hidden" name="issueId" value={editing.id} />}
      <div className="grid gap-5 sm:grid-cols-3">
        <Field {...bind("volume")} label="Volume" inputMode="numeric" aria-required="true" />
        <Field {...bind("number")} label="Number" inputMode="numeric" aria-required="true" />
        <Field {...bind("year")} label="Year" inputMode="numeric" aria-required="true" />
      </div>
      <Field {...bind("title")} label="Title" hint="For a themed issue (optional)" />
      <RichTextEditor {...bind("description")} label="Description" onUploadingChange={onUploadingChange} />
      <ImageUploadField
        name="cover"
        label="Cover image"
        defaultValue={values.cover}
        onUploadingChange={onUploadingChange}
        removable
      />
      <FieldError id="cover-error" message={errors.cover} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field type="date" {...bind("publishedOn")} label="Publication date" />
        <Select {...bind("status")} label="Status" options={STATUS_OPTIONS} />
      </div>
      <FormActions>
        <Notice result={result} />
        <SaveButton intent="save-issue" label={editing ? "Save issue" : "Create issue"} disabled={uploading} />
      </FormActions>
    </ListEditorForm>
  );
}
