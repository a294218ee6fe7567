import { Form, Link } from "react-router";

import { buttonClasses } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";

/**
 * The form under a tab's list (the issues, the categories) that adds a record, or edits the one
 * chosen in the list (`&edit=<key>` in the address): its title and, while editing, the way back to
 * a blank form. It posts to the address it is on, so it works without scripts.
 */
export function ListEditorForm({
  ref,
  page,
  editing,
  titleId,
  title,
  newInstead,
  children,
}: {
  ref?: React.Ref<HTMLFormElement>;
  /** The tab's address ("/dashboard?tab=issues"). */
  page: string;
  /** The key of the record being edited; none for a new one. */
  editing: string | undefined;
  titleId: string;
  title: string;
  /** The link back to a blank form ("New issue instead"). */
  newInstead: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      ref={ref}
      method="post"
      action={editing ? `${page}&edit=${editing}` : page}
      className="mt-10 space-y-5 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
      noValidate
      aria-labelledby={titleId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <Heading level={3} id={titleId}>
          {title}
        </Heading>
        {editing && (
          <Link to={page} className={buttonClasses("link", "inline")}>
            {newInstead}
          </Link>
        )}
      </div>
      {children}
    </Form>
  );
}
