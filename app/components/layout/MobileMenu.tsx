import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";

import { CloseIcon, MenuIcon } from "~/components/icons";

import { SearchBox } from "./SearchBox";
import { PHONE_MENU_LINKS } from "./site-sections";

/**
 * A <details> disclosure: it opens and closes by touch, click, Enter and Space without JavaScript.
 * With JavaScript, Escape and a tap outside also close it, and it closes after navigation.
 */
export function MobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Close after a navigation (not on the first render: a menu opened before the page finished
  // loading stays open).
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  return (
    <details ref={ref} className="group relative lg:hidden">
      <summary
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-md border border-current/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        aria-label="Menu"
      >
        <span className="group-open:hidden">
          <MenuIcon />
        </span>
        <span className="hidden group-open:inline">
          <CloseIcon />
        </span>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute right-0 z-40 mt-3 w-72 overflow-hidden rounded-lg border border-slate-200 bg-white py-2 text-ink shadow-xl dark:border-slate-700 dark:bg-night-card dark:text-slate-100"
      >
        <ul>
          {PHONE_MENU_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block px-5 py-3 text-base font-medium hover:bg-navy-50 focus-visible:bg-navy-50 focus-visible:outline-none dark:hover:bg-navy-800 dark:focus-visible:bg-navy-800"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200 px-4 pt-3 pb-2 dark:border-slate-700">
          <SearchBox id="mobile-search" variant="menu" />
        </div>
      </nav>
    </details>
  );
}
