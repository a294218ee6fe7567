/**
 * A settings or staff save writes the record chosen in the pick list, with the fields of the record
 * the page loaded (`loaded`). They must be the same record: otherwise one record's words would be
 * written into another (a choice made without pressing Load, or a forged form). Nothing is saved.
 */
export function loadedMismatch(
  loaded: string,
  chosen: string,
  labels: Record<string, string>,
  kind: "section" | "role",
): { status: number; message: string } | null {
  if (!(loaded in labels)) {
    return {
      status: 400,
      message: `Nothing was saved: the form did not say which ${kind} its fields came from. Load the ${kind} again and make your changes.`,
    };
  }
  if (loaded === chosen) return null;
  return {
    status: 409,
    message: `Nothing was saved: the fields on screen are those of ${labels[loaded]}, but ${labels[chosen]} is chosen. Press Load to edit ${labels[chosen]}, or choose ${labels[loaded]} again to save these fields.`,
  };
}

/** The value named in the address when it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}
