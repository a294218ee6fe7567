import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";

import { AUTOSAVE_FAILED, autosavedAt } from "~/domain/messages/editorial";

import type { AutosaveAnswer } from "./editor.server";

/** How often a changed form is sent; a pause in typing of this long is saved. */
const AUTOSAVE_EVERY_MS = 8_000;
/** What the autosave itself writes back into the form, and the preview's own fields: not work. */
const BOOKKEEPING = new Set(["version", "draftId", "tzOffset", "previewKind", "recordId"]);

function setField(form: HTMLFormElement, name: string, value: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement) field.value = value;
}

/**
 * Keeps a new item, or a draft, on the server as the editor types: every few seconds, when the
 * form has changed, it is sent to the page's own action (`?autosave`), which stores it as a draft
 * without a revision and answers its id and version. Those go back into the form, so the next
 * autosave, and the editor's own Save, update the same draft (and a save by someone else in
 * between is noticed, not overwritten). Says when it last saved, beside the Save button.
 */
export function DraftAutosave({ onSaved }: { onSaved: () => void }) {
  const fetcher = useFetcher<AutosaveAnswer>();
  const marker = useRef<HTMLParagraphElement>(null);
  const lastSent = useRef<string | null>(null);
  const busy = useRef(false);
  const submit = useRef(fetcher.submit);
  useEffect(() => {
    submit.current = fetcher.submit;
    busy.current = fetcher.state !== "idle";
  });
  const { pathname } = useLocation();
  const answer = fetcher.data;
  const said = !answer
    ? ""
    : answer.ok && answer.savedAt
      ? autosavedAt(new Date(answer.savedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }))
      : `${AUTOSAVE_FAILED} ${answer.message}`;

  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    const snapshot = () =>
      JSON.stringify(
        [...new FormData(form)].filter(([name, value]) => typeof value === "string" && !BOOKKEEPING.has(name)),
      );
    // What the page came with is not new work.
    lastSent.current = snapshot();
    const timer = setInterval(() => {
      if (busy.current) return;
      const now = snapshot();
      if (now === lastSent.current) return;
      const data = new FormData(form);
      // Nothing to keep until it has a title (the draft needs one).
      if (!String(data.get("title") ?? "").trim()) return;
      lastSent.current = now;
      void submit.current(data, { method: "post", action: `${pathname}?autosave` });
    }, AUTOSAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [pathname]);

  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!answer?.ok || !answer.id || !form) return;
    setField(form, "version", String(answer.version));
    setField(form, "draftId", answer.id);
    setField(form, "recordId", answer.id);
    onSaved();
  }, [answer, onSaved]);

  // A Save pressed while an autosave is on its way waits for its answer (which may have made the
  // draft the Save must update, not create a second time), then goes ahead.
  const held = useRef<{ submitter: HTMLElement | null } | null>(null);
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    const hold = (event: SubmitEvent) => {
      if (!busy.current) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.current = { submitter: event.submitter };
    };
    form.addEventListener("submit", hold, true);
    return () => form.removeEventListener("submit", hold, true);
  }, []);
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (fetcher.state !== "idle" || !held.current || !form) return;
    const { submitter } = held.current;
    held.current = null;
    form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined);
  }, [fetcher.state]);

  return (
    <p ref={marker} role="status" className="min-h-5 text-sm text-slate-600 dark:text-slate-400">
      {said}
    </p>
  );
}
