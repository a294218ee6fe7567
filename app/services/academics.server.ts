import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { courses, departments, faculties, type Semester } from "~/db/schema";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { isUuid } from "~/lib/text";

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
          .map((d) => ({ ...d, courseCount: counts.get(d.id) ?? 0 })),
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
      const courseRows = await db
        .select()
        .from(courses)
        .where(eq(courses.departmentId, id))
        .orderBy(asc(courses.code));
      return { ...row.department, facultyName: row.facultyName, courses: courseRows };
    },

    async createFaculty(name: string): Promise<Faculty> {
      const [row] = await db.insert(faculties).values({ name }).returning();
      return row;
    },

    async createDepartment(input: { name: string; facultyId: string; departimage?: string; content?: string }) {
      const [row] = await db
        .insert(departments)
        .values({ ...input, content: input.content === undefined ? undefined : sanitizeRichText(input.content) })
        .returning();
      return row;
    },

    async createCourse(input: CourseInput): Promise<Course> {
      const [row] = await db.insert(courses).values(input).returning();
      return row;
    },
  };
}
