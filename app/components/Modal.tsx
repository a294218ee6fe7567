import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "react-router";

import { CloseIcon } from "~/components/icons";
import { DialogPanel } from "~/components/ui/DialogPanel";
import { useHydrated } from "~/lib/use-hydrated";

const CORNER_CLOSE =
  "rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-white";

/**
 * An accessible modal (focus trapped, Escape closes, labelled by its title). Rendered in place
 * rather than in a portal, so an open modal is also in the server-rendered page.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  closeHref,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Where both close controls lead before JavaScript runs (a modal opened from the address). */
  closeHref?: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <DialogPanel open={open} onOpenChange={onOpenChange} className="max-h-[90vh] max-w-lg overflow-y-auto">
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="font-serif text-2xl font-bold text-navy-900 dark:text-white">{title}</Dialog.Title>
        {!hydrated && closeHref ? (
          <Link to={closeHref} className={CORNER_CLOSE} aria-label="Close dialog">
            <CloseIcon className="h-5 w-5" />
          </Link>
        ) : (
          <Dialog.Close className={CORNER_CLOSE} aria-label="Close dialog">
            <CloseIcon className="h-5 w-5" />
          </Dialog.Close>
        )}
      </div>
      {description ? (
        <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </Dialog.Description>
      ) : (
        <Dialog.Description className="sr-only">{title}</Dialog.Description>
      )}
      <div className="mt-5">{children}</div>
      <div className="mt-7 flex justify-end">
        {!hydrated && closeHref ? (
          <Link
            to={closeHref}
            className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white dark:bg-gold-500 dark:text-navy-950"
          >
            Close
          </Link>
        ) : (
          <Dialog.Close className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950 dark:hover:bg-gold-400">
            Close
          </Dialog.Close>
        )}
      </div>
    </DialogPanel>
  );
}
