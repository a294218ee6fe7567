import {
  COURSE_FIELDS_REQUIRED,
  CREDITS_RANGE,
  DEPARTMENT_FIELDS_REQUIRED,
  FACULTY_NAME_REQUIRED,
} from "~/domain/messages/academics";
import { SEMESTERS } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

import { uploadedFile } from "./uploads";

const uploadedImage = uploadedFile("image");

export const facultySchema = z.object({ name: z.string().trim().min(1, FACULTY_NAME_REQUIRED).max(200) });

export const departmentSchema = z.object({
  name: z.string().trim().min(1, DEPARTMENT_FIELDS_REQUIRED).max(200),
  facultyId: z.string().min(1, DEPARTMENT_FIELDS_REQUIRED),
  departimage: z.union([z.literal(""), uploadedImage]).default(""),
  content: z.string().max(100_000).default(""),
});

const REQUIRED = COURSE_FIELDS_REQUIRED;
export const courseSchema = z.object({
  name: z.string().trim().min(1, REQUIRED).max(200),
  code: z.string().trim().min(1, REQUIRED).max(30),
  credits: z.coerce
    .number({ message: CREDITS_RANGE })
    .int(CREDITS_RANGE)
    .min(1, CREDITS_RANGE)
    .max(6, CREDITS_RANGE)
    .default(3),
  semester: z
    .string()
    .min(1, REQUIRED)
    .pipe(z.enum(SEMESTERS, { message: "The semester must be First, Second or Both" })),
  description: z.string().trim().max(5000).default(""),
  departmentId: z.string().min(1, REQUIRED),
  facultyId: z.string().min(1, REQUIRED),
});
