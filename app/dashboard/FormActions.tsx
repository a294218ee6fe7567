/**
 * A form's message and its submit button, together, held at the bottom of the window while the
 * form runs below it: the answer to a save appears where the person pressed Save, however long
 * the form (the message itself is a status or alert region, see Alert).
 */
export function FormActions({ children }: { children: React.ReactNode }) {
  return (
    <div className="-mx-2 space-y-3 bg-white/95 px-2 py-3 backdrop-blur-sm sm:sticky sm:bottom-0 sm:z-10 dark:bg-night-card/95">
      {children}
    </div>
  );
}
