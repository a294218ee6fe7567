import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../tests/support/database";
import { rowsOf } from "./client.server";
import { courses, departments, faculties, posts } from "./schema";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/** The database's own error code for a failed statement (drizzle wraps the driver error). */
async function errorCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
  return undefined;
}

describe(`schema constraints (${testDatabaseKind})`, () => {
  it("keeps post slugs unique", async () => {
    const { db } = database;
    await db.insert(posts).values({ slug: "same", title: "One" });
    expect(await errorCode(db.insert(posts).values({ slug: "same", title: "Two" }))).toBe("23505");
  });

  it("refuses a post category that is not in the categories table", async () => {
    expect(await errorCode(database.db.insert(posts).values({ slug: "c", title: "C", category: "gossip" }))).toBe(
      "23503",
    );
  });

  it("guards courses: unique code in any case, credits 1 to 6 defaulting to 3, known semesters, matching faculty", async () => {
    const { db } = database;
    const [law] = await db.insert(faculties).values({ name: "Law" }).returning();
    const [arts] = await db.insert(faculties).values({ name: "Arts" }).returning();
    const [dept] = await db.insert(departments).values({ name: "Public Law", facultyId: law.id }).returning();
    const base = { name: "Human Rights", semester: "First", departmentId: dept.id, facultyId: law.id };

    const [course] = await db
      .insert(courses)
      .values({ ...base, code: "PLH 731" })
      .returning();
    expect(course.credits).toBe(3);

    expect(await errorCode(db.insert(courses).values({ ...base, code: "plh 731" }))).toBe("23505");
    expect(await errorCode(db.insert(courses).values({ ...base, code: "X1", credits: 0 }))).toBe("23514");
    expect(await errorCode(db.insert(courses).values({ ...base, code: "X2", credits: 7 }))).toBe("23514");
    expect(await errorCode(db.insert(courses).values({ ...base, code: "X3", semester: "Summer" }))).toBe("23514");
    // The department belongs to Law, so a course under Arts with that department is refused.
    expect(await errorCode(db.insert(courses).values({ ...base, code: "X4", facultyId: arts.id }))).toBe("23503");
  });

  it("refuses removing a faculty that still has departments", async () => {
    const { db } = database;
    const [faculty] = await db.insert(faculties).values({ name: "Sciences" }).returning();
    await db.insert(departments).values({ name: "Physics", facultyId: faculty.id });
    // 23001 restrict_violation (ON DELETE RESTRICT) or 23503 foreign_key_violation.
    expect(["23001", "23503"]).toContain(
      await errorCode(db.delete(faculties).where(sql`${faculties.id} = ${faculty.id}`)),
    );
  });

  it("has an index behind every list the pages make", async () => {
    const result = await database.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const names = rowsOf<{ indexname: string }>(result).map((r) => r.indexname);
    for (const index of [
      "posts_created_idx",
      "posts_category_created_idx",
      "articles_created_idx",
      "courses_department_idx",
      "departments_faculty_idx",
    ]) {
      expect(names).toContain(index);
    }
  });
});
