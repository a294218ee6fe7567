import { PLEASE_FILL_ALL_FIELDS } from "~/domain/messages/forms";
import { FOCUS_KEYS, SETTINGS_SECTIONS, STAFF_ROLES } from "~/domain/vocabulary";
import { SETTINGS_FIELDS } from "~/lib/site-content";
import { z } from "~/lib/zod";

import { uploadedFile } from "./uploads";

const IMAGE_FIELDS = new Set(["vcimage", "directorimage", "homeimage"]);
export const isImageField = (field: string) => IMAGE_FIELDS.has(field);

const uploadedImage = uploadedFile("image");

/** Site Settings Admin: every field of the chosen section is required. */
export function settingsSchema(section: (typeof SETTINGS_SECTIONS)[number]) {
  return z.object(
    Object.fromEntries(
      SETTINGS_FIELDS[section].map((field) => [
        field,
        isImageField(field)
          ? z.string().min(1, PLEASE_FILL_ALL_FIELDS).pipe(uploadedImage)
          : z.string().trim().min(1, PLEASE_FILL_ALL_FIELDS).max(5000, "This text is too long"),
      ]),
    ),
  );
}

/** Staff Management: one record per role, every field required. */
export const staffSchema = z.object({
  role: z.enum(STAFF_ROLES, { message: "Choose a role from the list" }),
  name: z.string().trim().min(1, PLEASE_FILL_ALL_FIELDS).max(200),
  post: z.string().trim().min(1, PLEASE_FILL_ALL_FIELDS).max(200),
  email: z.string().trim().min(1, PLEASE_FILL_ALL_FIELDS).email("Enter a valid email address"),
  description: z.string().trim().min(1, PLEASE_FILL_ALL_FIELDS).max(5000, "The description is too long"),
  photo: z.string().min(1, PLEASE_FILL_ALL_FIELDS).pipe(uploadedImage),
});

export const announcementSchema = z.object({
  title: z.string().trim().min(1, "The announcement title is required").max(300),
  content: z.string().max(200_000, "The content is too long"),
});

export const focusSchema = z.object({
  key: z.enum(FOCUS_KEYS, { message: "Choose a page" }),
  title: z.string().trim().max(300),
  subtitle: z.string().trim().max(500),
  content: z.string().max(200_000, "The content is too long"),
});

export const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  subtitle: "Subtitle",
  intro: "Intro",
  mission: "Mission",
  vision: "Vision",
  philosophy: "Philosophy",
  vcMessage: "VC Message",
  directorMessage: "Director Message",
  vcimage: "VC Image",
  directorimage: "Director Image",
  homeimage: "Hero Image",
  introTitle: "Intro Title",
  introSubtitle: "Intro Subtitle",
};
