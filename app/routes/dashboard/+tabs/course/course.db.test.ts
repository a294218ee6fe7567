import { describe, expect, it } from "vitest";

import { accepted, formPost, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import {
  createCourse,
  createDepartment,
  createFaculty,
  deleteCourse,
  deleteDepartment,
  deleteFaculty,
  updateCourse,
  updateDepartment,
  updateFaculty,
} from "./course.server";

const world = setUpDashboardWorld();

const lists = () => world.services.academicsAdmin.lists();

describe("course tab actions", () => {
  it("creates, renames and deletes a faculty", async () => {
    const created = await world.asAdmin(createFaculty, { name: "Faculty of Peace" });
    expect(created).toMatchObject(accepted("create-faculty", "Created successfully!"));
    const faculty = (await lists()).faculties.find((f) => f.name === "Faculty of Peace")!;
    expect(faculty).toBeDefined();

    const renamed = await world.asAdmin(updateFaculty, { id: faculty.id, name: "Faculty of Peace II" });
    expect(renamed.body).toMatchObject({ ok: true, message: "Faculty updated successfully!" });
    expect((await lists()).faculties.find((f) => f.id === faculty.id)?.name).toBe("Faculty of Peace II");

    const deleted = await world.asAdmin(deleteFaculty, { id: faculty.id });
    expect(deleted.body).toMatchObject({ ok: true, message: "Faculty deleted successfully!" });
    expect((await lists()).faculties.some((f) => f.id === faculty.id)).toBe(false);
  });

  it("answers a refused form with field errors and one message, and saves nothing", async () => {
    const before = (await lists()).faculties.length;
    const refused = await world.asAdmin(createFaculty, { name: "  " });
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, message: "Please enter faculty name", errors: { name: "Please enter faculty name" } },
    });
    expect((await lists()).faculties.length).toBe(before);
  });

  it("creates and updates a department and a course, and refuses a duplicate code", async () => {
    await createFaculty(formPost(world.admin, { name: "Faculty of Law" }));
    const facultyId = (await lists()).faculties.find((f) => f.name === "Faculty of Law")!.id;
    const department = { name: "Mediation", facultyId, departimage: "", content: "Practice" };
    expect((await world.asAdmin(createDepartment, department)).body?.ok).toBe(true);
    const departmentId = (await lists()).departments.find((d) => d.name === "Mediation")!.id;
    const renamed = { ...department, id: departmentId, name: "Mediation Studies" };
    expect((await world.asAdmin(updateDepartment, renamed)).body).toMatchObject({
      ok: true,
      message: "Department updated successfully!",
    });
    expect((await lists()).departments.find((d) => d.id === departmentId)?.name).toBe("Mediation Studies");

    const course = {
      name: "Negotiation",
      code: "PCS 701",
      credits: "3",
      semester: "First",
      description: "",
      departmentId,
      facultyId,
    };
    expect((await world.asAdmin(createCourse, course)).body?.message).toBe("Created successfully!");
    const stored = (await lists()).courses.find((c) => c.code === "PCS 701")!;
    expect(stored).toMatchObject({ name: "Negotiation", credits: 3, semester: "First" });

    const duplicate = await world.asAdmin(createCourse, { ...course, name: "Again" });
    expect(duplicate.status).toBeGreaterThanOrEqual(400);
    expect(duplicate.status).toBeLessThan(500);
    expect(duplicate.body?.message).toMatch(/^Error: /);

    const updated = await world.asAdmin(updateCourse, { ...course, id: stored.id, credits: "5" });
    expect(updated.body).toMatchObject({ ok: true, message: "Course updated successfully!" });
    expect((await lists()).courses.find((c) => c.id === stored.id)?.credits).toBe(5);
  });

  it("asks before deleting a department that holds courses, then deletes them together", async () => {
    const { departments, courses } = await lists();
    const department = departments.find((d) => d.name === "Mediation Studies")!;
    const held = courses.filter((c) => c.departmentId === department.id).length;
    const asked = await world.asAdmin(deleteDepartment, { id: department.id });
    expect(asked).toMatchObject({
      status: 409,
      body: { ok: false, holds: { kind: "department", id: department.id, departments: 0, courses: held } },
    });
    const confirmed = { id: department.id, together: "1", departments: "0", courses: String(held) };
    expect((await world.asAdmin(deleteDepartment, confirmed)).body).toMatchObject({
      ok: true,
      message: "Department deleted successfully!",
    });
    expect((await lists()).courses.some((c) => c.departmentId === department.id)).toBe(false);
  });

  it("says which record no longer exists", async () => {
    const missing = await world.asAdmin(deleteCourse, { id: "00000000-0000-4000-8000-000000000000" });
    expect(missing).toMatchObject({
      status: 404,
      body: { ok: false, message: "Error deleting course: That course no longer exists." },
    });
  });

  it("takes a department's description as plain text and keeps it so, markup typed in reduced to its words", async () => {
    await createFaculty(formPost(world.admin, { name: "Faculty of Letters" }));
    const facultyId = (await lists()).faculties.find((f) => f.name === "Faculty of Letters")!.id;
    const text = "Mediation & theory.\n\nTyped <b>tags</b> lose their markup.";
    await world.asAdmin(createDepartment, { name: "Rhetoric", facultyId, departimage: "", content: text });
    const stored = (await lists()).departments.find((d) => d.name === "Rhetoric")!;
    expect(stored.content).toBe("Mediation & theory.\n\nTyped tags lose their markup.");
  });
});
