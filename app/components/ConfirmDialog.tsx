import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link } from "react-router";

import { useHydrated } from "~/lib/use-hydrated";
import { useRestoreFocus } from "~/lib/use-restore-focus";

/**
 * SPEC.md's confirmation: 'Are you sure?' with 'Yes am sure!' and 'No,Cancel'. "Yes" posts the
 * given fields to the page's action at `pageHref`. Rendered in place, so it also works without
 * JavaScript (the page opens it from a ?confirm= link and "No" is a link back to `pageHref`).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  fields,
  pageHref,
  description,
  title = "Are you sure?",
  confirmLabel = "Yes am sure!",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: Record<string, string>;
  pageHref: string;
  description?: string;
  title?: string;
  confirmLabel?: string;
}) {
  const hydrated = useHydrated();
  const focus = useRestoreFocus();
  const buttonBase = "rounded-md px-5 py-2.5 text-sm font-semibold";
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/70 backdrop-blur-sm" />
      <Dialog.Content
        {...focus}
        role="alertdialog"
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-7 text-center shadow-2xl focus:outline-none dark:bg-night-card dark:text-slate-100"
      >
        <Dialog.Title className="font-serif text-2xl font-bold text-navy-900 dark:text-white">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {description ?? "This cannot be undone."}
        </Dialog.Description>
        <div className="mt-7 flex justify-center gap-3">
          <Form method="post" action={pageHref} onSubmit={() => onOpenChange(false)}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={`${buttonBase} bg-red-700 text-white hover:bg-red-600`}>
              {confirmLabel}
            </button>
          </Form>
          {hydrated ? (
            <Dialog.Close
              className={`${buttonBase} border border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800`}
            >
              No,Cancel
            </Dialog.Close>
          ) : (
            <Link to={pageHref} className={`${buttonBase} border border-slate-300 dark:border-slate-600`}>
              No,Cancel
            </Link>
          )}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
