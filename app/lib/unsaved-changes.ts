import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { useActionData, useBlocker, useLocation, useNavigation } from "react-router";

import { LEAVE_UNSAVED } from "~/domain/messages/forms";

import { changedFromServer, isTypedControl } from "./typed-before-hydration";

/**
 * Unsaved work in the page's forms. Each form made with `useUnsavedChanges` is dirty from the
 * first change a person makes in it until it is saved; while any is, `UnsavedChangesGuard` asks
 * before a link or tab switch leaves the page, and the browser asks before the tab is closed or
 * reloaded. Generic over the fields: any control that sends `input` or `change` counts, except
 * those inside `[data-not-work]` (a pick list that only chooses what to show).
 */

const dirtyForms = new Set<object>();
const listeners = new Set<() => void>();
/** Set while a form's own submission is being started: sending the work is not leaving it. */
let submitting = false;

function setDirty(form: object, dirty: boolean) {
  if (dirtyForms.has(form) === dirty) return;
  if (dirty) dirtyForms.add(form);
  else dirtyForms.delete(form);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const anyDirty = () => dirtyForms.size > 0;

/** Whether the route's last action answer refused what was sent (a dashboard result, an editor's errors). */
function refusedAnswer(answer: unknown): boolean {
  if (typeof answer !== "object" || answer === null) return false;
  const { ok, errors } = answer as { ok?: unknown; errors?: unknown };
  return ok === false || (typeof errors === "object" && errors !== null && Object.keys(errors).length > 0);
}

/**
 * Watches one form: `watch` is the ref to give it. After this form's submission is answered, its
 * work counts as saved unless the answer refused it: `refused` says so for a fetcher's form; by
 * default the route's action answer is read. `saved()` tells it of a save made another way (say,
 * one sent in the background).
 */
export function useUnsavedChanges(refused?: boolean): {
  watch: (form: HTMLFormElement | null) => void;
  saved: () => void;
} {
  const answer = useActionData();
  const wasRefused = refused ?? refusedAnswer(answer);
  const [token] = useState(() => ({}));
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const sending = useRef(false);
  /** What the form held when it was sent: an event that changes nothing (an editor settling) is no edit. */
  const sent = useRef("");

  useEffect(() => {
    if (!form) return;
    const contents = () =>
      JSON.stringify(
        [...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : value.name]),
      );
    const onEdit = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("[data-not-work]")) return;
      if (sending.current && contents() === sent.current) return;
      sending.current = false;
      setDirty(token, true);
    };
    const onSubmit = () => {
      sent.current = contents();
      sending.current = true;
      submitting = true;
      // The router decides whether to block within the submit event's own turn.
      setTimeout(() => (submitting = false), 0);
    };
    // Typed before the scripts ran (and put back after hydration): already unsaved work.
    if (
      [...form.elements].some(
        (control) => isTypedControl(control) && !control.closest("[data-not-work]") && changedFromServer(control),
      )
    )
      setDirty(token, true);
    form.addEventListener("input", onEdit);
    form.addEventListener("change", onEdit);
    form.addEventListener("submit", onSubmit, true);
    return () => {
      form.removeEventListener("input", onEdit);
      form.removeEventListener("change", onEdit);
      form.removeEventListener("submit", onSubmit, true);
    };
  }, [form, token]);

  // Gone with its form: a page left or a record's fields replaced.
  useEffect(() => () => setDirty(token, false), [token]);

  // A submission of this form answered: saved unless refused. The answer is shown as soon as the
  // action replies, while the page's data is still being reloaded ("loading"), so that is when the
  // work counts as saved; in a layout effect, before the answer is painted, so that a link clicked
  // right after "updated successfully" is seen is never asked about.
  const navigationState = useNavigation().state;
  useLayoutEffect(() => {
    if (navigationState === "submitting" || !sending.current) return;
    sending.current = false;
    if (!wasRefused) setDirty(token, false);
  }, [navigationState, wasRefused, token]);

  // The person agreed to leave (or the page changed under the form): what was typed is let go.
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (shown.current === `${pathname}${search}`) return;
    shown.current = `${pathname}${search}`;
    setDirty(token, false);
  }, [pathname, search, token]);

  const watch = useCallback((element: HTMLFormElement | null) => setForm(element), []);
  const saved = useCallback(() => setDirty(token, false), [token]);
  return { watch, saved };
}

/** Whether any form of the page has unsaved work. */
export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribe, anyDirty, () => false);
}

/**
 * Rendered once on each page with forms to watch (the dashboard, the editors; not in the shell, so
 * that the pages a visitor reads do not download it): asks before unsaved work is left behind.
 */
export function UnsavedChangesGuard() {
  const dirty = useHasUnsavedChanges();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyDirty() &&
      !submitting &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_UNSAVED)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set; none shows it.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  return null;
}
