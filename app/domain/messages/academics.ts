import { PLEASE_FILL_ALL_FIELDS } from "./forms";

/** What a person is told about faculties, departments and courses. */

// SPEC.md §5 (Validation rules): Create Faculty.
export const FACULTY_NAME_REQUIRED = "Please enter faculty name";
// SPEC.md §5 (Validation rules): Create Department.
export const DEPARTMENT_FIELDS_REQUIRED = PLEASE_FILL_ALL_FIELDS;
// SPEC.md §5 (Validation rules): Create Course.
export const COURSE_FIELDS_REQUIRED = "Please fill all required fields";
export const CREDITS_RANGE = "Credits must be a whole number from 1 to 6";

export const FACULTY_GONE = "That faculty no longer exists.";
export const DEPARTMENT_GONE = "That department no longer exists.";
export const COURSE_GONE = "That course no longer exists.";
export const DEPARTMENT_NOT_FOUND = "Department not found.";
export const CHOOSE_DEPARTMENT = "Choose a department from the list.";
export const CHOOSE_FACULTY = "Choose a faculty from the list.";

// SPEC.md §8 (Error catalogue): delete success, "{type} deleted successfully!".
export const deletedMessage = (type: string) => `${type} deleted successfully!`;
