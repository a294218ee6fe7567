/**
 * The site's sections as its two menus name them, in one list: SPEC.md's top-bar words (`top`) and
 * phone-menu words (`phone`), in SPEC.md's order, then the reader's other ways in (issue 33). An
 * entry without `top` is in the phone menu only.
 */
const SITE_SECTIONS: readonly { to: string; top?: string; phone: string }[] = [
  { to: "/", top: "Home", phone: "Home" },
  { to: "/journals", top: "Journals", phone: "Journal Articles" },
  { to: "/about", top: "About", phone: "About" },
  { to: "/posts", top: "Blog", phone: "News and Stories" },
  { to: "/admision", top: "Call for Papers", phone: "Call for Papers" },
  { to: "/programmes", top: "Programmes", phone: "Programmes" },
  { to: "/journals/issues", phone: "Journal archive" },
];

/** The top bar's links. */
export const TOP_BAR_LINKS = SITE_SECTIONS.flatMap(({ to, top }) => (top ? [{ to, label: top }] : []));

/** The phone menu's links. */
export const PHONE_MENU_LINKS = SITE_SECTIONS.map(({ to, phone }) => ({ to, label: phone }));
