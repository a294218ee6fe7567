import { useCallback, useEffect, useState } from "react";

/**
 * A copy of an editor's fields in this browser's storage, written as the person types, so that
 * their text outlives a failed save while offline, a reload or a crash of the browser. On the next
 * visit of the same record the editor offers it back; a save that went through removes it.
 */

type Copy = { savedAt: number; values: Record<string, string> };

const storageKey = (key: string) => `unsaved-copy:${key}`;

function readCopy(key: string): Copy | null {
  try {
    const copy = JSON.parse(localStorage.getItem(storageKey(key)) ?? "null") as Copy | null;
    return copy && typeof copy.savedAt === "number" && typeof copy.values === "object" ? copy : null;
  } catch {
    return null;
  }
}

/** Removes the copy kept under `key` (the form it came from was saved). */
export function removeCopy(key: string) {
  try {
    localStorage.removeItem(storageKey(key));
  } catch {
    // Storage refused (private mode, disabled): there is nothing to remove.
  }
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function controlOf(form: HTMLFormElement, name: string): Control | null {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement ||
    control instanceof HTMLTextAreaElement ||
    control instanceof HTMLSelectElement
    ? control
    : null;
}

function valuesOf(form: HTMLFormElement, fields: readonly string[]) {
  return Object.fromEntries(fields.map((name) => [name, controlOf(form, name)?.value ?? ""]));
}

/**
 * Keeps `fields` of a form under `key` (the record's kind and id, or "new"; "" keeps nothing).
 * Returns the `ref` to give the form, the copy on offer (from an earlier visit, and unlike what
 * the form shows), and `restore` and `discard` for it. The route's clientAction removes the copy
 * once the server took the form (`removeCopy`).
 */
export function useLocalCopy(key: string, fields: readonly string[]) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const [offer, setOffer] = useState<Copy | null>(null);
  const fieldList = fields.join(" ");

  // The form as it came (with anything typed before hydration): is there an earlier copy unlike it?
  const ref = useCallback(
    (element: HTMLFormElement | null) => {
      setForm(key ? element : null);
      if (!element || !key) return;
      const names = fieldList.split(" ");
      const earlier = readCopy(key);
      const shown = valuesOf(element, names);
      if (earlier && names.some((name) => (earlier.values[name] ?? "") !== shown[name])) setOffer(earlier);
      else if (earlier) removeCopy(key);
    },
    [key, fieldList],
  );

  useEffect(() => {
    if (!form) return;
    const names = fieldList.split(" ");
    const keep = (event: Event) => {
      if (!(event.target instanceof Element) || !names.includes(event.target.getAttribute("name") ?? "")) return;
      try {
        localStorage.setItem(
          storageKey(key),
          JSON.stringify({ savedAt: Date.now(), values: valuesOf(form, names) } satisfies Copy),
        );
      } catch {
        // Storage full or refused: the form itself still holds the text.
      }
      // Typing on dismisses an older copy: the new one replaces it.
      setOffer(null);
    };
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    return () => {
      form.removeEventListener("input", keep);
      form.removeEventListener("change", keep);
    };
  }, [form, key, fieldList]);

  const restore = useCallback(() => {
    if (!form || !offer) return;
    for (const [name, value] of Object.entries(offer.values)) {
      const control = controlOf(form, name);
      if (!control) continue;
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set;
      setter?.call(control, value);
      // The rich-text editor takes its textarea's new text (RichTextEditor).
      control.dispatchEvent(new Event(REPLACED_EVENT));
      control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    }
    setOffer(null);
  }, [form, offer]);

  const discard = useCallback(() => {
    removeCopy(key);
    setOffer(null);
  }, [key]);

  return { ref, offer, restore, discard };
}

/** Sent to a field whose value was replaced from outside (a restored copy). */
export const REPLACED_EVENT = "value-replaced";
