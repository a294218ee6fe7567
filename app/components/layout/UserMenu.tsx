import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useSubmit } from "react-router";

import { Avatar } from "~/components/Avatar";

const ITEM =
  "block rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-navy-50 dark:data-[highlighted]:bg-navy-800";

/**
 * The signed-in user's menu in the top bar: who they are, Profile, (for a reviewer) My reviews, (for
 * staff) Dashboard, Sign out.
 */
export function UserMenu({
  user,
}: {
  /** `workHref`: where the person's dashboard work starts (none for a reader, who has only the profile). */
  user: { username: string; email: string; image: string; workHref?: string | null; reviewsHref?: string | null };
}) {
  // Submitted from the item's select event: the menu (and any form inside it) closes on select.
  const submit = useSubmit();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.username}`}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
      >
        <Avatar username={user.username} image={user.image} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-lg border border-slate-200 bg-white p-1.5 text-ink shadow-xl dark:border-slate-700 dark:bg-night-card dark:text-slate-100"
        >
          <div className="px-3 py-2.5">
            <p className="truncate text-sm font-semibold">{user.username}</p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild>
            <Link to="/dashboard?tab=profile" className={ITEM}>
              Profile
            </Link>
          </DropdownMenu.Item>
          {user.reviewsHref && (
            <DropdownMenu.Item asChild>
              <Link to={user.reviewsHref} className={ITEM}>
                My reviews
              </Link>
            </DropdownMenu.Item>
          )}
          {user.workHref && (
            <DropdownMenu.Item asChild>
              <Link to={user.workHref} className={ITEM}>
                Dashboard
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            onSelect={() => submit(null, { method: "post", action: "/signout" })}
            className="block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-navy-50 dark:data-[highlighted]:bg-navy-800"
          >
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
