import { useState } from "react";
import { Form } from "react-router";

import { Avatar } from "~/components/Avatar";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { type ListPage, ShowMoreButton, useShowMore } from "~/components/ShowMore";
import { Button } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { formatDate } from "~/lib/text";

import { DeleteLink } from "../../+shared/DeleteLink";
import type { TabProps } from "../../tab";

export type UserListItem = {
  id: string;
  username: string;
  email: string;
  image: string;
  isAdmin: boolean;
  createdAt: Date | string;
};

const pageHref = (n: number) => `/dashboard?tab=users&page=${n}`;

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

export function UsersTab({ data, user: me, confirm, result }: TabProps<ListPage<UserListItem>>) {
  const list = useShowMore(data, (loaded: { view: ListPage<UserListItem> | null }) => loaded.view);
  const [deleting, setDeleting] = useState<string | null>(confirm);
  const target = list.items.find((u) => u.id === deleting);
  return (
    <section aria-labelledby="users-title">
      <Heading id="users-title">Users</Heading>
      <Notice result={result} className="mt-4" />
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">no user yet</p>
      ) : (
        <div className="mt-6">
          <DataTable columns={userColumns(me.id, setDeleting)} rows={list.items} rowKey={(u) => u.id} />
        </div>
      )}
      {list.hasMore && (
        <ShowMoreButton
          label="Show more"
          href={pageHref(list.page + 1)}
          loading={list.loading}
          onLoad={() => list.loadNext(pageHref)}
        />
      )}
      <ConfirmDialog
        open={Boolean(target)}
        onOpenChange={(open) => !open && setDeleting(null)}
        fields={{ intent: "delete-user", userId: target?.id ?? "" }}
        pageHref="/dashboard?tab=users"
        description={
          target
            ? `The account of ${target.username} will be deleted and signed out everywhere. Their posts stay on the site.`
            : undefined
        }
      />
    </section>
  );
}
