import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link } from "react-router";

import { DialogPanel } from "~/components/ui/DialogPanel";
import { useHydrated } from "~/lib/use-hydrated";

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
  const buttonBase = "rounded-md px-5 py-2.5 text-sm font-semibold";
  return (
    <DialogPanel open={open} onOpenChange={onOpenChange} role="alertdialog" className="max-w-md text-center">
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
    </DialogPanel>
  );
}
