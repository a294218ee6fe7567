import { SEMESTERS } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

import { uploadedFile } from "./uploads";

const uploadedImage = uploadedFile("image");

export const facultySchema = z.object({ name: z.string().trim().min(1, "Please enter faculty name").max(200) });

export const departmentSchema = z.object({
  name: z.string().trim().min(1, "Please fill all fields").max(200),
  facultyId: z.string().min(1, "Please fill all fields"),
  departimage: z.union([z.literal(""), uploadedImage]).default(""),
  content: z.string().max(100_000).default(""),
});

const REQUIRED = "Please fill all required fields";
export const courseSchema = z.object({
  name: z.string().trim().min(1, REQUIRED).max(200),
  code: z.string().trim().min(1, REQUIRED).max(30),
  credits: z.coerce
    .number({ message: "Credits must be a whole number from 1 to 6" })
    .int("Credits must be a whole number from 1 to 6")
    .min(1, "Credits must be a whole number from 1 to 6")
    .max(6, "Credits must be a whole number from 1 to 6")
    .default(3),
  semester: z
    .string()
    .min(1, REQUIRED)
    .pipe(z.enum(SEMESTERS, { message: "The semester must be First, Second or Both" })),
  description: z.string().trim().max(5000).default(""),
  departmentId: z.string().min(1, REQUIRED),
  facultyId: z.string().min(1, REQUIRED),
});
