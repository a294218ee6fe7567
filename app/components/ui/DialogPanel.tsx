import * as Dialog from "@radix-ui/react-dialog";

import { useRestoreFocus } from "~/lib/use-restore-focus";

const CARD =
  "fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-7 shadow-2xl focus:outline-none dark:bg-night-card dark:text-slate-100";

/**
 * The frame of every dialog: the page dimmed behind a centred card (`className` sizes it; other
 * props go to Radix's Dialog.Content). Rendered in place rather than in a portal, so an open dialog
 * is also in the server-rendered page.
 */
export function DialogPanel({
  open,
  onOpenChange,
  className,
  children,
  ...content
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className: string;
  children: React.ReactNode;
} & Omit<Dialog.DialogContentProps, "className" | "children">) {
  // Dialogs are opened from state, not a Radix trigger: give focus back to whatever opened it.
  const focus = useRestoreFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/70 backdrop-blur-sm" />
      <Dialog.Content {...focus} {...content} className={`${CARD} ${className}`}>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
