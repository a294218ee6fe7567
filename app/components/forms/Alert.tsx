import { useState } from "react";

import { CloseIcon } from "~/components/icons";

/** A success or failure banner; the person can dismiss it. */
export function Alert({
  tone,
  children,
  dismissible = true,
  token,
}: {
  tone: "error" | "success" | "info";
  children: React.ReactNode;
  dismissible?: boolean;
  /** Changes with each new result (say, the action's answer), so a repeated message shows again. */
  token?: unknown;
}) {
  const [open, setOpen] = useState(true);
  const [shown, setShown] = useState<{ content: React.ReactNode; token: unknown }>({ content: children, token });
  if (shown.content !== children || shown.token !== token) {
    // A new message re-opens the banner.
    setShown({ content: children, token });
    setOpen(true);
  }
  if (!open) return null;
  const colours =
    tone === "error"
      ? "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200"
      : tone === "success"
        ? "border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950/60 dark:text-green-200"
        : "border-navy-100 bg-navy-50 text-navy-900 dark:border-navy-700 dark:bg-navy-900 dark:text-slate-100";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm ${colours}`}
    >
      <div>{children}</div>
      {dismissible && (
        <button
          type="button"
          onClick={() => setOpen(false)}
          aria-label="Dismiss"
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}
