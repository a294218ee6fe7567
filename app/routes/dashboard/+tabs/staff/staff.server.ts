import { redirect } from "react-router";

import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { loadedMismatch, oneOf } from "~/dashboard/loaded-record.server";
import { STAFF_ROLE_LABELS } from "~/domain/record-names";
import { STAFF_ROLES } from "~/domain/vocabulary";
import { staffSchema } from "~/lib/forms/site-content";
import { fieldsOf } from "~/lib/read-form.server";
import { services } from "~/runtime.server";

const STAFF_FAILURES = { failed: "Failed to save" }; // SPEC.md
const STAFF_FIELDS = ["role", "name", "post", "email", "description", "photo"] as const;

export async function load({ url }: TabLoadArgs) {
  const role = oneOf(url.searchParams.get("role"), STAFF_ROLES, "vc");
  const record = await (await services()).siteContent.staff().then(
    (all) => all.find((r) => r.role === role) ?? null,
    () => null,
  );
  return { role, record };
}

// Load without scripts: the pick list is in the form with the fields (see RecordPicker).
export const loadStaff = runAction(
  "load-staff",
  STAFF_FAILURES,
  async ({ form }) => {
    return redirect(`/dashboard?tab=staff&role=${oneOf(String(form.get("role") ?? ""), STAFF_ROLES, "vc")}`);
  },
  { reads: true },
);

export const saveStaff = runAction("save-staff", STAFF_FAILURES, async ({ form, reply, user }) => {
  const { role, ...record } = staffSchema.parse(fieldsOf(form, STAFF_FIELDS));
  const mismatch = loadedMismatch(String(form.get("loaded") ?? ""), role, STAFF_ROLE_LABELS, "role");
  if (mismatch) return reply(false, mismatch.message, { status: mismatch.status });
  await (await services()).siteContent.saveStaff(role, record, user.id);
  return reply(true, "Staff updated successfully!"); // SPEC.md
});

export const actions = byIntent(loadStaff, saveStaff);
