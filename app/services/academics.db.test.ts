import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../tests/support/database";
import { academicsAdmin, AcademicsError, academicsService } from "./academics.server";
import { mediaService } from "./media.server";
import { mediaOptions } from "./media-options.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe(`academics (${testDatabaseKind})`, () => {
  it("refuses a course in another faculty's department and a duplicate code, by name; deletes only when asked twice", async () => {
    const admin = academicsAdmin(database.db, mediaService(database.db, mediaOptions(database.dataDir)));
    const law = (await admin.createFaculty("Law"))!;
    const arts = (await admin.createFaculty("Arts"))!;
    const rights = (await admin.createDepartment({
      name: "Human Rights",
      facultyId: law.id,
      content: "<p>Rights &amp; law</p><p>Second</p><script>alert(1)</script>",
    }))!;
    // A description is plain text: HTML sent by a client is kept as its words, a script not at all.
    expect(rights.content).toBe("Rights & law\n\nSecond");
    const course = {
      name: "Rights",
      code: "HR 101",
      semester: "First" as const,
      departmentId: rights.id,
      facultyId: law.id,
    };
    await admin.createCourse(course);

    await expect(admin.createCourse({ ...course, code: "hr 101" })).rejects.toThrow(
      "A course with the code HR 101 already exists.",
    );
    await expect(admin.createCourse({ ...course, code: "HR 102", facultyId: arts.id })).rejects.toThrow(
      "The department Human Rights belongs to Law, not to Arts.",
    );
    await expect(admin.createFaculty("LAW")).rejects.toBeInstanceOf(AcademicsError);

    // Moving the department to Arts takes its courses along.
    await admin.updateDepartment(rights.id, { name: "Human Rights", facultyId: arts.id, departimage: "", content: "" });
    const page = await academicsService(database.db).departmentPage(rights.id);
    expect(page?.facultyName).toBe("Arts");
    expect(page?.courses[0].facultyId).toBe(arts.id);

    expect(await admin.deleteFaculty(arts.id)).toEqual({ deleted: false, holds: { departments: 1, courses: 1 } });
    expect(await academicsService(database.db).departmentPage(rights.id)).toBeDefined();
    // Confirmed for other numbers than it now holds (something was added meanwhile): asked again.
    expect(await admin.deleteFaculty(arts.id, { departments: 1, courses: 0 })).toEqual({
      deleted: false,
      holds: { departments: 1, courses: 1 },
    });
    expect(await admin.deleteFaculty(arts.id, { departments: 1, courses: 1 })).toEqual({ deleted: true });
    expect(await academicsService(database.db).departmentPage(rights.id)).toBeUndefined();
    await expect(admin.deleteCourse("not-an-id")).rejects.toThrow("That course no longer exists.");
  });
});
