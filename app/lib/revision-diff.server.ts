import { diffWords } from "diff";

import { htmlToText } from "./text";

export type DiffPart = { text: string; change?: "added" | "removed" };
export type FieldDiff = { label: string; parts: DiffPart[] };

/**
 * What changed between two saved versions, field by field, word by word, as a person reads it:
 * rich text is compared as its text. Fields that did not change are left out.
 */
export function revisionDiff(
  fields: { name: string; label: string; html?: boolean }[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldDiff[] {
  const shown = (value: unknown, html?: boolean) => (html ? htmlToText(String(value ?? "")) : String(value ?? ""));
  return fields.flatMap(({ name, label, html }) => {
    const [old, now] = [shown(before[name], html), shown(after[name], html)];
    if (old === now) return [];
    const parts = diffWords(old, now).map((part): DiffPart => ({
      text: part.value,
      change: part.added ? "added" : part.removed ? "removed" : undefined,
    }));
    return [{ label, parts }];
  });
}
