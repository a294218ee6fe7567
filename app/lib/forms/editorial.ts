import { DRAFT_KEY_INVALID, SCHEDULE_NEEDS_TIME, SCHEDULE_TIME_INVALID } from "~/domain/messages/editorial";
import { EDITORIAL_STATUSES, type EditorialStatus } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

/**
 * The editorial fields of the post and journal editors (decision 020), as the form sends them:
 * where it stands, when a scheduled item goes public (the browser's local time, with its offset
 * from UTC once the page's scripts have run), the address, and the version loaded.
 */
export const editorialFields = {
  // Empty (a form without the field): a new item is published, a saved one keeps its status.
  status: z.union([z.enum(EDITORIAL_STATUSES), z.literal("")], { message: "Choose draft, scheduled or published" }),
  publishAt: z.string().max(40),
  tzOffset: z.string().regex(/^-?\d{0,4}$/, "Not a time zone"),
  slug: z.string().max(200, "The address is too long (200 characters at most)"),
  version: z.string().regex(/^\d{0,10}$/, "Not a version"),
  /**
   * A new item's key, given by its editor page: the id the item is created under by the first save
   * (autosave or Submit), which every later save of the page updates. Empty on older pages.
   */
  draftId: z.union([z.uuid(), z.literal("")], { message: DRAFT_KEY_INVALID }),
};

export type EditorialForm = { [K in keyof typeof editorialFields]: string };

export const EMPTY_EDITORIAL: EditorialForm = {
  status: "",
  publishAt: "",
  tzOffset: "",
  slug: "",
  version: "",
  draftId: "",
};

/** "2026-11-24T09:30" in a zone `offset` minutes behind UTC (as Date#getTimezoneOffset says), or null. */
export function parseLocalDateTime(value: string, offset: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi));
  // 31 February and 25:00 roll over into another day: not a time anyone meant.
  if (wall.getUTCMonth() !== mo - 1 || wall.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(wall.getTime() + (Number(offset) || 0) * 60_000);
}

/** The value of a datetime-local field for `date` in a zone `offset` minutes behind UTC. */
export function toLocalDateTime(date: Date | string | null, offset = 0): string {
  if (!date) return "";
  const shifted = new Date(new Date(date).getTime() - offset * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A form schema with the editorial fields, refusing a schedule without a valid time. */
export function withEditorialFields<Shape extends z.ZodRawShape>(base: z.ZodObject<Shape>) {
  return base.extend(editorialFields).superRefine((form, context) => {
    const values = form as unknown as EditorialForm;
    if (values.status !== "scheduled") return;
    if (!values.publishAt.trim())
      context.addIssue({ code: "custom", path: ["publishAt"], message: SCHEDULE_NEEDS_TIME });
    else if (!parseLocalDateTime(values.publishAt, values.tzOffset))
      context.addIssue({ code: "custom", path: ["publishAt"], message: SCHEDULE_TIME_INVALID });
  });
}

/** The parsed editorial fields as the services take them: the fields of the save and its options. */
export function editorialSave(form: EditorialForm, editorId: string) {
  const status = (form.status || undefined) as EditorialStatus | undefined;
  return {
    fields: { status, publishAt: status === "scheduled" ? parseLocalDateTime(form.publishAt, form.tzOffset) : null },
    options: { slug: form.slug || undefined, version: form.version ? Number(form.version) : undefined, editorId },
  };
}
