import { useRef } from "react";

/**
 * For Radix dialogs opened from state rather than a Dialog.Trigger: remembers what had focus when
 * the dialog opened and gives it back when the dialog closes.
 */
export function useRestoreFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement as HTMLElement | null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (opener.current?.isConnected) {
        event.preventDefault();
        opener.current.focus();
      }
    },
  };
}
