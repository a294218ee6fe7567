/**
 * What a person typed or chose in the server's page before its scripts ran, put back once React
 * has taken over. Hydrating a textarea resets it to the server's text (React sets its default
 * value, then its value), and a page React has to draw again on the client (any hydration
 * mismatch) gets new, default-valued fields: either way the old text was then saved as if new.
 * `watchTypingBeforeHydration` runs just before hydration starts; `restoreTypedFields` right
 * after it ends (the root layout's first layout effect).
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { control: Control; key: string; value: string | boolean | string[] };

let typed: Map<string, Typed> | null = null;
let replaying = false;

/**
 * Whether the field events under way are those `restoreTypedFields` sends: what the person did
 * before the scripts ran, told to React late (a pick list takes such a choice for what it is).
 */
export function replayingTypedFields(): boolean {
  return replaying;
}

/** Fields a person fills in; hidden and file inputs are the page's own business. */
export function isTypedControl(target: EventTarget | null): target is Control {
  if (target instanceof HTMLInputElement)
    return !["hidden", "file", "submit", "button", "reset", "image"].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function valueOf(control: Control): Typed["value"] {
  if (control instanceof HTMLSelectElement) return [...control.selectedOptions].map((option) => option.value);
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio"))
    return control.checked;
  return control.value;
}

/** Whether a field now says something else than the page it came in. */
export function changedFromServer(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return [...control.options].some((o) => o.selected !== o.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio"))
    return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/** The same field in a page drawn again: its form's place in the page, its name, its place among its namesakes. */
function keyOf(control: Control): string {
  const forms = [...document.forms];
  const form = control.form;
  const scope: ParentNode = form ?? document;
  const namesakes = [...scope.querySelectorAll<Control>("input, textarea, select")].filter(
    (other) => other.name === control.name && other.type === control.type,
  );
  const radioValue = control instanceof HTMLInputElement && control.type === "radio" ? control.value : "";
  return JSON.stringify([
    form ? forms.indexOf(form) : -1,
    control.name,
    control.type,
    namesakes.indexOf(control),
    radioValue,
  ]);
}

function findByKey(key: string): Control | undefined {
  return [...document.querySelectorAll<Control>("input, textarea, select")].find(
    (control) => isTypedControl(control) && control.name && keyOf(control) === key,
  );
}

function record(target: EventTarget | null) {
  if (!typed || !isTypedControl(target) || !target.name) return;
  const key = keyOf(target);
  typed.set(key, { control: target, key, value: valueOf(target) });
}

const onTyping = (event: Event) => record(event.target);

/** Notes every field already changed, and every change until `restoreTypedFields`. */
export function watchTypingBeforeHydration() {
  typed = new Map();
  for (const control of document.querySelectorAll<Control>("input, textarea, select"))
    if (isTypedControl(control) && changedFromServer(control)) record(control);
  document.addEventListener("input", onTyping, true);
  document.addEventListener("change", onTyping, true);
}

/** Sets a field as if typed, so that React's state and the form's listeners hear of it. */
function setAsTyped(control: Control, value: Typed["value"]) {
  if (control instanceof HTMLSelectElement && Array.isArray(value)) {
    for (const option of control.options) option.selected = value.includes(option.value);
    control.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (typeof value === "boolean" && control instanceof HTMLInputElement) {
    if (control.checked !== value) control.click();
    return;
  }
  // React notes the value it last saw through the element's own setter; the prototype's setter
  // goes past it, so React sees a change and a controlled field's state takes the typed text too.
  control.value = value === "" ? " " : "";
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set;
  setter?.call(control, value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Puts back what was typed into any field React reset or drew anew, and tells React of every one
 * (a controlled field kept the typed text on screen but not in its state).
 */
export function restoreTypedFields() {
  if (!typed) return;
  document.removeEventListener("input", onTyping, true);
  document.removeEventListener("change", onTyping, true);
  const found = [...typed.values()];
  typed = null;
  replaying = true;
  try {
    for (const { control: noted, key, value } of found) {
      const control = noted.isConnected ? noted : findByKey(key);
      if (control) setAsTyped(control, value);
    }
  } finally {
    replaying = false;
  }
}
