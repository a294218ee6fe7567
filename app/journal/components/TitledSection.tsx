import type { ComponentProps, ReactNode } from "react";

/** A journal page's section named by its own heading (the archive's sidebar, an article's side panels). */
export function TitledSection({
  id,
  title,
  children,
  ...section
}: { id: string; title: ReactNode; children: ReactNode } & Omit<ComponentProps<"section">, "id" | "title">) {
  return (
    <section aria-labelledby={id} {...section}>
      <h2 id={id} className="font-serif text-xl font-bold text-navy-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
