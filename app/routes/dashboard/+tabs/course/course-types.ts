export type FacultyRow = { id: string; name: string };
export type DepartmentRow = {
  id: string;
  name: string;
  facultyId: string;
  facultyName: string;
  departimage: string;
  content: string;
};
export type CourseRow = {
  id: string;
  name: string;
  code: string;
  credits: number;
  semester: string;
  description: string;
  departmentId: string;
  facultyId: string;
  departmentName: string;
  facultyName: string;
};
export type CourseLists = { faculties: FacultyRow[]; departments: DepartmentRow[]; courses: CourseRow[] };
export type RowOf = { faculty: FacultyRow; department: DepartmentRow; course: CourseRow };
export type Kind = keyof RowOf;
/** The record an edit dialog is open on. */
export type Editing = { [K in Kind]: { kind: K; row: RowOf[K] } }[Kind];

export const TYPE_NAME: Record<Kind, string> = { faculty: "Faculty", department: "Department", course: "Course" };
export const COURSE_PAGE = "/dashboard?tab=course";

export const facultyOptions = (lists: CourseLists) => lists.faculties.map((f) => ({ value: f.id, label: f.name }));
