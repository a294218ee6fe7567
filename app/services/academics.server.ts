import { asc, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { courses, departments, faculties } from "~/db/schema";
import {
  CHOOSE_DEPARTMENT,
  CHOOSE_FACULTY,
  COURSE_GONE,
  DEPARTMENT_GONE,
  FACULTY_GONE,
} from "~/domain/messages/academics";
import { type Semester } from "~/domain/vocabulary";
import { htmlToParagraphs } from "~/lib/paragraphs";
import { isUuid } from "~/lib/text";

import { type Effects, effectTable } from "./content-changes.server";
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  requireStoredImage,
  ServiceError,
  type StoredFiles,
} from "./errors.server";

export type Faculty = typeof faculties.$inferSelect;
export type Department = typeof departments.$inferSelect;
export type Course = typeof courses.$inferSelect;

export type CourseInput = {
  name: string;
  code: string;
  credits?: number;
  semester: Semester;
  description?: string;
  departmentId: string;
  facultyId: string;
};

/**
 * A department's description is plain text (as the earlier system stored it): paragraphs apart by a
 * blank line. Rows written as HTML paragraphs by an earlier version of this site are read as text.
 */
function asText<Row extends { content: string }>(row: Row): Row {
  return { ...row, content: htmlToParagraphs(row.content) };
}

export function academicsService(db: Database) {
  return {
    async faculties() {
      return db.select().from(faculties).orderBy(asc(faculties.name));
    },

    /** Faculties, each with its departments, for the programmes page. */
    async facultiesWithDepartments() {
      const [facultyRows, departmentRows, courseCounts] = await Promise.all([
        db.select().from(faculties).orderBy(asc(faculties.name)),
        db.select().from(departments).orderBy(asc(departments.name)),
        db
          .select({ departmentId: courses.departmentId, n: sql<number>`count(*)::int` })
          .from(courses)
          .groupBy(courses.departmentId),
      ]);
      const counts = new Map(courseCounts.map((row) => [row.departmentId, row.n]));
      return facultyRows.map((faculty) => ({
        ...faculty,
        departments: departmentRows
          .filter((d) => d.facultyId === faculty.id)
          .map((d) => ({ ...asText(d), courseCount: counts.get(d.id) ?? 0 })),
      }));
    },

    /** A department with its faculty's name and its courses, or undefined when there is none. */
    async departmentPage(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ department: departments, facultyName: faculties.name })
        .from(departments)
        .innerJoin(faculties, eq(faculties.id, departments.facultyId))
        .where(eq(departments.id, id))
        .limit(1);
      if (!row) return undefined;
      const courseRows = await db.select().from(courses).where(eq(courses.departmentId, id)).orderBy(asc(courses.code));
      return { ...asText(row.department), facultyName: row.facultyName, courses: courseRows };
    },
  };
}

/** A refusal with a message for the person (duplicate code, department in another faculty...). */
export { ServiceError as AcademicsError };

export type DeleteOutcome = { deleted: true } | { deleted: false; holds: { departments: number; courses: number } };

/** Create, edit and delete for the Course tab, with the rules a person would expect. */
export function academicsAdmin(db: Database, files: StoredFiles) {
  /** Runs `work` in a transaction that holds the row's lock; a row that is not there is gone. */
  async function withRowLocked<T>(
    table: typeof faculties | typeof departments,
    id: string,
    gone: string,
    work: (txDb: Database) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(id)) throw new NotFoundError(gone);
    return db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const [locked] = await txDb
        .select({ id: table.id })
        .from(table as typeof faculties)
        .where(eq(table.id, id))
        .for("update");
      if (!locked) throw new NotFoundError(gone);
      return work(txDb);
    });
  }

  async function departmentOf(departmentId: string) {
    if (!isUuid(departmentId)) return undefined;
    const [row] = await db
      .select({
        id: departments.id,
        name: departments.name,
        facultyId: departments.facultyId,
        facultyName: faculties.name,
      })
      .from(departments)
      .innerJoin(faculties, eq(faculties.id, departments.facultyId))
      .where(eq(departments.id, departmentId));
    return row;
  }

  async function checkCourse(input: CourseInput, exceptId?: string) {
    const department = await departmentOf(input.departmentId);
    if (!department) throw new InvalidError(CHOOSE_DEPARTMENT);
    if (!isUuid(input.facultyId)) throw new InvalidError(CHOOSE_FACULTY);
    if (department.facultyId !== input.facultyId) {
      const [faculty] = await db
        .select({ name: faculties.name })
        .from(faculties)
        .where(eq(faculties.id, input.facultyId));
      throw new InvalidError(
        `The department ${department.name} belongs to ${department.facultyName}, not to ${faculty?.name ?? "that faculty"}.`,
      );
    }
    const [clash] = await db
      .select({ id: courses.id, code: courses.code })
      .from(courses)
      .where(sql`upper(${courses.code}) = ${input.code.trim().toUpperCase()}`);
    if (clash && clash.id !== exceptId) throw new ConflictError(`A course with the code ${clash.code} already exists.`);
  }

  /** Unique indexes decide races; their errors become the same messages. */
  function translate(error: unknown, what: string): never {
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && constraint === "courses_code_key")
      throw new ConflictError("A course with that code already exists.");
    if (code === "23505") throw new ConflictError(`A ${what} with that name already exists.`);
    if (code === "23503") throw new ConflictError(`The ${what} refers to something that no longer exists.`);
    if (code === "23514") throw new InvalidError(`Some of the ${what}'s values are not allowed.`);
    throw error;
  }

  /** Runs a write whose refusals by the database become messages a person understands (`translate`). */
  async function explained<T>(what: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      translate(error, what);
    }
  }

  /** The row an update returned, or NotFound when it was deleted in between. */
  function found<T>(row: T | undefined, gone: string): T {
    if (!row) throw new NotFoundError(gone);
    return row;
  }

  async function holdings(where: { facultyId?: string; departmentId?: string }, on: Database = db) {
    const [d] = where.facultyId
      ? await on
          .select({ n: sql<number>`count(*)::int` })
          .from(departments)
          .where(eq(departments.facultyId, where.facultyId))
      : [{ n: 0 }];
    const [c] = await on
      .select({ n: sql<number>`count(*)::int` })
      .from(courses)
      .where(where.facultyId ? eq(courses.facultyId, where.facultyId) : eq(courses.departmentId, where.departmentId!));
    return { departments: d.n, courses: c.n };
  }

  return {
    async lists() {
      const [facultyRows, departmentRows, courseRows] = await Promise.all([
        db.select().from(faculties).orderBy(asc(faculties.name)),
        db
          .select({ department: departments, facultyName: faculties.name })
          .from(departments)
          .innerJoin(faculties, eq(faculties.id, departments.facultyId))
          .orderBy(asc(departments.name)),
        db
          .select({ course: courses, departmentName: departments.name, facultyName: faculties.name })
          .from(courses)
          .innerJoin(departments, eq(departments.id, courses.departmentId))
          .innerJoin(faculties, eq(faculties.id, courses.facultyId))
          .orderBy(asc(courses.code)),
      ]);
      return {
        faculties: facultyRows.map((f) => ({ id: f.id, name: f.name })),
        departments: departmentRows.map((r) => ({ ...asText(r.department), facultyName: r.facultyName })),
        courses: courseRows.map((r) => ({ ...r.course, departmentName: r.departmentName, facultyName: r.facultyName })),
      };
    },

    async createFaculty(name: string) {
      const [row] = await explained("faculty", () => db.insert(faculties).values({ name: name.trim() }).returning());
      return row;
    },

    async updateFaculty(id: string, name: string) {
      if (!isUuid(id)) throw new NotFoundError(FACULTY_GONE);
      const [row] = await explained("faculty", () =>
        db.update(faculties).set({ name: name.trim(), updatedAt: new Date() }).where(eq(faculties.id, id)).returning(),
      );
      return found(row, FACULTY_GONE);
    },

    async createDepartment(input: { name: string; facultyId: string; departimage?: string; content?: string }) {
      if (!isUuid(input.facultyId)) throw new InvalidError(CHOOSE_FACULTY);
      await requireStoredImage(files, input.departimage ?? "", "departimage");
      const [row] = await explained("department", () =>
        db
          .insert(departments)
          .values({
            name: input.name.trim(),
            facultyId: input.facultyId,
            departimage: input.departimage ?? "",
            content: htmlToParagraphs(input.content ?? ""),
          })
          .returning(),
      );
      return row;
    },

    /** Moving a department to another faculty moves its courses with it (the foreign key cascades). */
    async updateDepartment(
      id: string,
      input: { name: string; facultyId: string; departimage: string; content: string },
    ) {
      if (!isUuid(id)) throw new NotFoundError(DEPARTMENT_GONE);
      if (!isUuid(input.facultyId)) throw new InvalidError(CHOOSE_FACULTY);
      const [current] = await db
        .select({ departimage: departments.departimage })
        .from(departments)
        .where(eq(departments.id, id));
      if (!current) throw new NotFoundError(DEPARTMENT_GONE);
      // Only a new image must be one uploaded here; the one it has stays acceptable.
      if (input.departimage !== current.departimage) await requireStoredImage(files, input.departimage, "departimage");
      const [row] = await explained("department", () =>
        db
          .update(departments)
          .set({
            name: input.name.trim(),
            facultyId: input.facultyId,
            departimage: input.departimage,
            content: htmlToParagraphs(input.content),
            updatedAt: new Date(),
          })
          .where(eq(departments.id, id))
          .returning(),
      );
      return found(row, DEPARTMENT_GONE);
    },

    async createCourse(input: CourseInput) {
      await checkCourse(input);
      const [row] = await explained("course", () =>
        db
          .insert(courses)
          .values({ ...input, code: input.code.trim(), name: input.name.trim() })
          .returning(),
      );
      return row;
    },

    async updateCourse(id: string, input: CourseInput) {
      if (!isUuid(id)) throw new NotFoundError(COURSE_GONE);
      const [existing] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
      if (!existing) throw new NotFoundError(COURSE_GONE);
      await checkCourse(input, id);
      const [row] = await explained("course", () =>
        db
          .update(courses)
          .set({ ...input, code: input.code.trim(), name: input.name.trim(), updatedAt: new Date() })
          .where(eq(courses.id, id))
          .returning(),
      );
      return found(row, COURSE_GONE);
    },

    /**
     * Deletes a faculty. One that still holds departments or courses is only removed with them
     * when the person has been told how many and confirmed exactly those numbers; anything added
     * in between means asking again.
     */
    async deleteFaculty(id: string, confirmed?: { departments: number; courses: number }): Promise<DeleteOutcome> {
      return withRowLocked(faculties, id, FACULTY_GONE, async (txDb) => {
        const holds = await holdings({ facultyId: id }, txDb);
        const empty = holds.departments === 0 && holds.courses === 0;
        if (!empty && (confirmed?.departments !== holds.departments || confirmed?.courses !== holds.courses))
          return { deleted: false as const, holds };
        await txDb.delete(courses).where(eq(courses.facultyId, id));
        await txDb.delete(departments).where(eq(departments.facultyId, id));
        await txDb.delete(faculties).where(eq(faculties.id, id));
        return { deleted: true as const };
      });
    },

    async deleteDepartment(id: string, confirmed?: { departments: number; courses: number }): Promise<DeleteOutcome> {
      return withRowLocked(departments, id, DEPARTMENT_GONE, async (txDb) => {
        const holds = await holdings({ departmentId: id }, txDb);
        if (holds.courses > 0 && confirmed?.courses !== holds.courses) return { deleted: false as const, holds };
        await txDb.delete(courses).where(eq(courses.departmentId, id));
        await txDb.delete(departments).where(eq(departments.id, id));
        return { deleted: true as const };
      });
    },

    async deleteCourse(id: string): Promise<DeleteOutcome> {
      if (!isUuid(id)) throw new NotFoundError(COURSE_GONE);
      const removed = await db.delete(courses).where(eq(courses.id, id)).returning();
      if (removed.length === 0) throw new NotFoundError(COURSE_GONE);
      return { deleted: true };
    },
  };
}

export type AcademicsService = ReturnType<typeof academicsService>;
export type AcademicsAdminService = ReturnType<typeof academicsAdmin>;

/** The public reads of faculties, departments and courses. */
export const academicsEffects = effectTable({
  read: ["faculties", "facultiesWithDepartments", "departmentPage"],
  write: [],
}) satisfies Effects<AcademicsService>;

/** What each editing method does: writes drop the cached pages that show the programmes. */
export const academicsAdminEffects = effectTable({
  read: ["lists"],
  write: [
    "createFaculty",
    "updateFaculty",
    "deleteFaculty",
    "createDepartment",
    "updateDepartment",
    "deleteDepartment",
    "createCourse",
    "updateCourse",
    "deleteCourse",
  ],
}) satisfies Effects<AcademicsAdminService>;
