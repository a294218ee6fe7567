import { data, Form, redirect, useNavigation } from "react-router";

import { adminSchema, PASSWORDS_DIFFER, SIGN_UP_FIELDS } from "~/accounts/forms";
import { AccountFields, useFieldValues } from "~/components/forms/AccountFields";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { FILL_ALL_FIELDS } from "~/domain/messages/forms";
import { privateMeta } from "~/lib/seo/private-meta";
import { z } from "~/lib/zod";
import { services } from "~/runtime.server";
import { openAnyActivity } from "~/web/activity.server";
import { formAction, valuesOf } from "~/web/form-action.server";

import type { Route } from "./+types/setup";

const SETUP_FIELDS = [...SIGN_UP_FIELDS, "confirmPassword"] as const;
const CORRECT_FIELDS = "Please correct the fields marked below.";

/**
 * The first admin's form: every field's problem at once (an empty one, or its rule), and the
 * password typed twice; then the admin's own rules, as `npm run create-admin` checks them.
 */
const setupPageForm = z
  .record(z.string(), z.string())
  .superRefine((values, context) => {
    const shape = adminSchema.shape;
    for (const field of SETUP_FIELDS) {
      const value = values[field] ?? "";
      if (!value.trim()) context.addIssue({ code: "custom", message: FILL_ALL_FIELDS, path: [field] });
      else if (field !== "confirmPassword") {
        const checked = shape[field].safeParse(value);
        if (!checked.success)
          context.addIssue({ code: "custom", message: checked.error.issues[0].message, path: [field] });
      }
    }
    if (values.password && values.confirmPassword && values.password !== values.confirmPassword)
      context.addIssue({ code: "custom", message: PASSWORDS_DIFFER, path: ["confirmPassword"] });
  })
  .pipe(adminSchema);

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
  const spec = {
    where: "setup",
    fields: SETUP_FIELDS,
    echo: { except: ["password", "confirmPassword"] },
    schema: setupPageForm,
    words: { invalid: CORRECT_FIELDS },
  };
  return formAction(
    request,
    {
      ...spec,
      // The first admin is logged like any admin's write, with the new admin as the actor. A form
      // the schema refuses is not: no name anyone typed is kept (as for sign-in's unknown names).
      activity: (form: FormData) => {
        const parsed = setupPageForm.safeParse(valuesOf(form, SETUP_FIELDS));
        if (!parsed.success) return null;
        const { username } = parsed.data;
        return openAnyActivity(request, {
          action: "users.create-first-admin",
          actor: { id: null, name: username },
          target: { kind: "user", label: username },
        });
      },
    },
    async ({ input }) => {
      await (await services()).accounts.createFirstAdmin(input);
      return redirect("/signin?setup=1");
    },
  );
}

export const meta = privateMeta("Set up the site");

export default function Setup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { bind } = useFieldValues({
    username: actionData?.values?.username.trim() ?? "",
    email: actionData?.values?.email.trim() ?? "",
    password: "",
    confirmPassword: "",
  });
  const errors = actionData?.errors ?? {};
  const busy = navigation.state === "submitting";
  return (
    <AuthLayout
      title="Set up the site"
      intro="Create the first admin account. This page disappears once an admin exists."
      error={actionData?.message}
    >
      <Form method="post" noValidate className="space-y-5">
        <AccountFields bind={bind} errors={errors} texts={{ password: { hint: "At least 8 characters." } }} />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          {...bind("confirmPassword")}
        />
        <SubmitButton busy={busy}>Create admin account</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
