import { diffWords } from "diff";

import { htmlToText } from "./text";

export type DiffPart = { text: string; change?: "added" | "removed" };
export type FieldDiff = { label: string; parts: DiffPart[] };

/** A field of a revision as the comparison shows it. */
export type RevisionField = {
  name: string;
  label: string;
  /** Rich text: compared as its text. */
  html?: boolean;
  /** The value as a person reads it (a list one item a line, a name for an id); else the value as text. */
  text?: (value: unknown) => string;
  /**
   * A revision kept before this field existed does not hold it, and restoring that revision leaves
   * the field as it is: not a difference.
   */
  absentKeepsCurrent?: boolean;
};

/**
 * What changed between two saved versions, field by field, word by word, as a person reads it:
 * rich text is compared as its text. Fields that did not change are left out.
 */
export function revisionDiff(
  fields: RevisionField[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldDiff[] {
  const shown = (value: unknown, { html, text }: RevisionField) => {
    if (value === null || value === undefined) return "";
    if (text) return text(value);
    return html ? htmlToText(String(value)) : String(value);
  };
  return fields.flatMap((field) => {
    if (field.absentKeepsCurrent && !(field.name in before)) return [];
    const [old, now] = [shown(before[field.name], field), shown(after[field.name], field)];
    if (old === now) return [];
    const parts = diffWords(old, now).map((part): DiffPart => ({
      text: part.value,
      change: part.added ? "added" : part.removed ? "removed" : undefined,
    }));
    return [{ label: field.label, parts }];
  });
}
