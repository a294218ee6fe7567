import { Fragment, useState } from "react";
import { Form, Link } from "react-router";

import { Avatar } from "~/components/Avatar";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { buttonClasses } from "~/components/ui/Button";
import type { Column } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { DeletableList, type DeletableListSpec } from "~/dashboard/DeletableList";
import { DeleteLink } from "~/dashboard/DeleteLink";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { INVITABLE_ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/domain/roles";
import { formatDate } from "~/lib/text";
import { useHydrated } from "~/lib/use-hydrated";

import { InvitationsSection } from "./InvitationsSection";
import type { load } from "./users.server";

/** The question before "Make admin" (the words of this screen alone). */
const makeAdminTitle = (username: string) => `Make ${username} an admin?`;
const MAKE_ADMIN_DESCRIPTION =
  "An admin can change everything on the site: posts, journals, pages, settings and other people's accounts.";
const MAKE_ADMIN_CONFIRM = "Yes, make admin";

/** An account as the tabs see their user, with the day it was made. */
export type UserListItem = TabProps<unknown>["user"] & { createdAt: Date | string };

const ADMIN_BUTTON = buttonClasses("secondary", "inline", "rounded px-2 py-1 text-xs whitespace-nowrap");
// May wrap: the Email column it sits in must stay narrow enough for the table to fit a laptop.
const RESET_BUTTON = buttonClasses("secondary", "inline", "rounded px-2 py-1 text-left text-xs");

/**
 * Whether the user is an admin, and the control that changes it. Revoking happens at once; making
 * an admin hands over the whole site, so it asks first (a ?promote= link without JavaScript).
 */
function AdminCell({
  user,
  page,
  onPromote,
}: {
  user: UserListItem;
  page: number;
  onPromote: (user: UserListItem) => void;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-2">
      {user.isAdmin ? (
        <span className="text-lg text-green-700 dark:text-green-400" role="img" aria-label="Admin: yes">
          ✓
        </span>
      ) : (
        <span className="text-lg text-red-700 dark:text-red-400" role="img" aria-label="Admin: no">
          ✗
        </span>
      )}
      {user.isAdmin ? (
        <Form method="post">
          <input type="hidden" name="intent" value="set-admin" />
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="admin" value="false" />
          <button type="submit" className={ADMIN_BUTTON} aria-label={`Revoke admin from ${user.username}`}>
            Revoke admin
          </button>
        </Form>
      ) : (
        <Link
          to={`/dashboard?tab=users${page > 1 ? `&page=${page}` : ""}&promote=${user.id}`}
          preventScrollReset
          aria-label={`Make admin: ${user.username}`}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onPromote(user);
          }}
          className={ADMIN_BUTTON}
        >
          Make admin
        </Link>
      )}
    </div>
  );
}

/** The roles besides admin (the Admin column has its own control), chosen in a fold that works without scripts. */
function RolesCell({ user }: { user: UserListItem }) {
  const others = user.roles.filter((role) => role !== "admin");
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer rounded px-1 py-0.5 whitespace-nowrap text-navy-700 hover:underline dark:text-gold-300">
        {others.length ? others.map((role) => ROLE_LABELS[role]).join(", ") : "None"}
        <span className="sr-only">: change the roles of {user.username}</span>
      </summary>
      <Form method="post" className="mt-2 space-y-1.5">
        <input type="hidden" name="intent" value="set-roles" />
        <input type="hidden" name="userId" value={user.id} />
        {INVITABLE_ROLES.map((role) => (
          <label key={role} className="flex items-start gap-2 text-xs">
            <input type="checkbox" name="roles" value={role} defaultChecked={user.roles.includes(role)} />
            <span>
              <span className="font-semibold">{ROLE_LABELS[role]}</span>: {ROLE_DESCRIPTIONS[role]}
            </span>
          </label>
        ))}
        <button type="submit" className={ADMIN_BUTTON}>
          Save roles
        </button>
      </Form>
    </details>
  );
}

/** Text that may wrap after each @, dot, dash and underscore. */
function Breakable({ text }: { text: string }) {
  return text.split(/(?<=[@._-])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

function userColumns(
  currentUserId: string,
  page: number,
  onDelete: (id: string) => void,
  onPromote: (user: UserListItem) => void,
): Column<UserListItem>[] {
  return [
    { header: "Date Created", className: "whitespace-nowrap", cell: (u) => formatDate(u.createdAt, "short") },
    { header: "User image", cell: (u) => <Avatar username={u.username} image={u.image} /> },
    // Long names and addresses wrap (after @ and dots first) rather than push the table past the card.
    {
      header: "Username",
      className: "font-medium [overflow-wrap:anywhere]",
      cell: (u) => <Breakable text={u.username} />,
    },
    // SPEC.md's columns; the reset link goes by mail to the address, so it sits beside it.
    {
      header: "Email",
      // Anywhere, not only after @ and dots: an address freed from a squatter is a long id.
      className: "[overflow-wrap:anywhere]",
      cell: (u) => (
        <div className="flex flex-col items-start gap-1">
          <Breakable text={u.email} />
          <Form method="post">
            <input type="hidden" name="intent" value="send-reset-link" />
            <input type="hidden" name="userId" value={u.id} />
            <button type="submit" className={RESET_BUTTON} aria-label={`Send reset link to ${u.username}`}>
              Send reset link
            </button>
          </Form>
        </div>
      ),
    },
    { header: "Admin", cell: (u) => <AdminCell user={u} page={page} onPromote={onPromote} /> },
    { header: "Roles", cell: (u) => <RolesCell user={u} /> },
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
  const [promoting, setPromoting] = useState<UserListItem | null>(
    () => data.items.find((u) => u.id === data.promote && !u.isAdmin) ?? null,
  );
  return (
    <section aria-labelledby="users-title">
      <Heading id="users-title">Users</Heading>
      <Notice result={result} className="mt-4" />
      <DeletableList
        spec={USERS}
        list={data}
        confirmId={confirm}
        columns={(onDelete) => userColumns(me.id, data.page, onDelete, setPromoting)}
      />
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(open) => !open && setPromoting(null)}
        title={promoting ? makeAdminTitle(promoting.username) : ""}
        description={MAKE_ADMIN_DESCRIPTION}
        confirmLabel={MAKE_ADMIN_CONFIRM}
        fields={{ intent: "set-admin", userId: promoting?.id ?? "", admin: "true" }}
        pageHref="/dashboard?tab=users"
      />
      <InvitationsSection data={data} result={result} />
    </section>
  );
}
