import type { SettingsSection, StaffRole } from "./vocabulary";

/**
 * The names the dashboard, the history pages and the activity log give the site's fixed records.
 * Apart from vocabulary.ts, which public pages import, so that no page ships words only editors read.
 */

/** Each section by what it is and, in brackets, the page it shows on (issue 33). */
export const SECTION_LABELS: Record<SettingsSection, string> = {
  about: "About us (About page)",
  homepage: "Hero (Home page)",
  howtoapplyone: "How to submit, step 1 (Home page)",
  howtoapplytwo: "How to submit, step 2 (Home page)",
  howtoapplythree: "How to submit, step 3 (Home page)",
  programmes: "Programmes heading (Programmes page)",
  blog: "News heading (News page)",
  calltoaction: "Call to action (Home and About pages)",
};

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  vc: "Vice-Chancellor",
  director: "Director",
  deputy: "Deputy Director",
  bursar: "Bursar",
  registrar: "Registrar",
  library: "University Librarian",
  depIct: "Deputy Director, ICT",
  acad: "Academic Coordinator",
};
