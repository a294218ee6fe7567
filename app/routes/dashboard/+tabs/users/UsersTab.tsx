import { Form } from "react-router";

import { Avatar } from "~/components/Avatar";
import { Button } from "~/components/ui/Button";
import type { Column } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { formatDate } from "~/lib/text";

import { DeletableList, type DeletableListSpec } from "../../+shared/DeletableList";
import { DeleteLink } from "../../+shared/DeleteLink";
import type { Loaded, TabProps } from "../../tab";
import type { load } from "./users.server";

/** An account as the tabs see their user, with the day it was made. */
export type UserListItem = TabProps<unknown>["user"] & { createdAt: Date | string };

/** Whether the user is an admin, and the button that changes it. */
function AdminCell({ user }: { user: UserListItem }) {
  return (
    <div className="flex items-center gap-3">
      {user.isAdmin ? (
        <span className="text-lg text-green-700 dark:text-green-400" role="img" aria-label="Admin: yes">
          ✓
        </span>
      ) : (
        <span className="text-lg text-red-700 dark:text-red-400" role="img" aria-label="Admin: no">
          ✗
        </span>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="set-admin" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="admin" value={user.isAdmin ? "false" : "true"} />
        <Button
          type="submit"
          variant="secondary"
          size="inline"
          className="rounded px-2 py-1 text-xs whitespace-nowrap"
          aria-label={`${user.isAdmin ? "Revoke admin from" : "Make admin:"} ${user.username}`}
        >
          {user.isAdmin ? "Revoke admin" : "Make admin"}
        </Button>
      </Form>
    </div>
  );
}

function userColumns(currentUserId: string, onDelete: (id: string) => void): Column<UserListItem>[] {
  return [
    { header: "Date Created", className: "whitespace-nowrap", cell: (u) => formatDate(u.createdAt, "short") },
    { header: "User image", cell: (u) => <Avatar username={u.username} image={u.image} /> },
    { header: "Username", className: "font-medium", cell: (u) => u.username },
    { header: "Email", cell: (u) => u.email },
    { header: "Admin", cell: (u) => <AdminCell user={u} /> },
    {
      header: "Delete",
      cell: (u) => (
        <>
          <DeleteLink tab="users" id={u.id} label={u.username} onOpen={onDelete} />
          {u.id === currentUserId && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span>}
        </>
      ),
    },
  ];
}

const USERS: DeletableListSpec<UserListItem> = {
  tab: "users",
  empty: "no user yet", // SPEC.md
  deleteFields: (user) => ({ intent: "delete-user", userId: user?.id ?? "" }),
  deleteDescription: (user) =>
    `The account of ${user.username} will be deleted and signed out everywhere. Their posts stay on the site.`,
};

export function UsersTab({ data, user: me, confirm, result }: TabProps<Loaded<typeof load>>) {
  return (
    <section aria-labelledby="users-title">
      <Heading id="users-title">Users</Heading>
      <Notice result={result} className="mt-4" />
      <DeletableList
        spec={USERS}
        list={data}
        confirmId={confirm}
        columns={(onDelete) => userColumns(me.id, onDelete)}
      />
    </section>
  );
}
