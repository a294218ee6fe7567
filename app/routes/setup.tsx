import { data, Form, redirect, useNavigation } from "react-router";

import { AccountFields, useFieldValues } from "~/components/forms/AccountFields";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { SubmitButton } from "~/components/forms/Field";
import { adminSchema, FILL_ALL_FIELDS, firstError, missingFields } from "~/lib/forms/accounts";
import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { AccountError } from "~/services/accounts.server";
import { activityOf } from "~/web/activity.server";

import type { Route } from "./+types/setup";

const FIELDS = ["username", "email", "password"];

/** Only while the site has no admin; afterwards this page does not exist. */
async function requireNoAdmin() {
  if (await (await services()).accounts.hasAdmin()) throw data({ message: "Not found" }, { status: 404 });
}

export async function loader() {
  await requireNoAdmin();
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireNoAdmin();
  const form = await readForm(request);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").trim()]));
  const echo = { username: values.username, email: values.email };
  if (missingFields(values, FIELDS)) return data({ error: FILL_ALL_FIELDS, ...echo }, { status: 400 });
  const parsed = adminSchema.safeParse(values);
  if (!parsed.success) return data({ error: firstError(parsed.error), ...echo }, { status: 400 });
  try {
    // The first admin is logged like any admin's write, with the new admin as the actor.
    const { accounts } = await services();
    await activityOf(
      request,
      {
        action: "users.create-first-admin",
        actor: { id: null, name: parsed.data.username },
        target: { kind: "user", label: parsed.data.username },
      },
      () => accounts.createFirstAdmin(parsed.data),
    );
  } catch (error) {
    if (error instanceof AccountError) return data({ error: error.message, ...echo }, { status: error.status });
    throw error;
  }
  return redirect("/signin?setup=1");
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Set up the site") }, NOINDEX];
}

export default function Setup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { bind } = useFieldValues({
    username: actionData?.username ?? "",
    email: actionData?.email ?? "",
    password: "",
  });
  const busy = navigation.state === "submitting";
  return (
    <AuthLayout
      title="Set up the site"
      intro="Create the first admin account. This page disappears once an admin exists."
      error={actionData?.error}
    >
      <Form method="post" noValidate className="space-y-5">
        <AccountFields bind={bind} texts={{ password: { hint: "At least 8 characters." } }} />
        <SubmitButton busy={busy}>Create admin account</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
