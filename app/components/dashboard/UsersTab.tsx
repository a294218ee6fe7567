import { useState } from "react";
import { Form, Link } from "react-router";

import { Avatar } from "~/components/Avatar";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Alert } from "~/components/forms/Alert";
import { type ListPage, ShowMoreButton, useShowMore } from "~/components/ShowMore";
import { formatDate } from "~/lib/text";
import { useHydrated } from "~/lib/use-hydrated";

import { AdminTable } from "./AdminTable";

export type UserListItem = {
  id: string;
  username: string;
  email: string;
  image: string;
  isAdmin: boolean;
  createdAt: Date | string;
};

const pageHref = (n: number) => `/dashboard?tab=users&page=${n}`;

export function UsersTab({
  users,
  currentUserId,
  confirmId,
  result,
}: {
  users: ListPage<UserListItem>;
  currentUserId: string;
  confirmId: string | null;
  result: { ok: boolean; message: string } | undefined;
}) {
  const list = useShowMore(users, (data: { users: ListPage<UserListItem> | null }) => data.users);
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState<string | null>(confirmId);
  const target = list.items.find((u) => u.id === deleting);

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="font-serif text-3xl font-bold text-navy-900 dark:text-white">
        Users
      </h2>
      {result && (
        <div className="mt-4">
          <Alert tone={result.ok ? "success" : "error"} token={result}>
            {result.message}
          </Alert>
        </div>
      )}
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">no user yet</p>
      ) : (
        <div className="mt-6">
          <AdminTable headings={["Date Created", "User image", "Username", "Email", "Admin", "Delete"]}>
            {list.items.map((user) => (
              <tr key={user.id}>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt, "short")}</td>
                <td className="px-4 py-3">
                  <Avatar username={user.username} image={user.image} />
                </td>
                <td className="px-4 py-3 font-medium">{user.username}</td>
                <td className="px-4 py-3">{user.email}</td>
                <td className="px-4 py-3">
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
                      <button
                        type="submit"
                        className="rounded border border-slate-300 px-2 py-1 text-xs font-semibold whitespace-nowrap hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
                        aria-label={`${user.isAdmin ? "Revoke admin from" : "Make admin:"} ${user.username}`}
                      >
                        {user.isAdmin ? "Revoke admin" : "Make admin"}
                      </button>
                    </Form>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <Link
                    to={`/dashboard?tab=users&confirm=${user.id}`}
                    preventScrollReset
                    aria-label={`Delete ${user.username}`}
                    onClick={(event) => {
                      if (!hydrated) return;
                      event.preventDefault();
                      setDeleting(user.id);
                    }}
                    className="font-semibold text-red-700 hover:underline dark:text-red-300"
                  >
                    Delete
                  </Link>
                  {user.id === currentUserId && (
                    <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
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
