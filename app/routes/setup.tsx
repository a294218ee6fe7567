import { data, Form, redirect, useNavigation } from "react-router";

import { setupForm, SIGN_UP_FIELDS } from "~/accounts/forms";
import { AccountFields, useFieldValues } from "~/components/forms/AccountFields";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { SubmitButton } from "~/components/forms/Field";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { openAnyActivity } from "~/web/activity.server";
import { formAction, valuesOf } from "~/web/form-action.server";

import type { Route } from "./+types/setup";

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
  const spec = { where: "setup", fields: SIGN_UP_FIELDS, echo: { except: ["password"] }, schema: setupForm };
  return formAction(
    request,
    {
      ...spec,
      // The first admin is logged like any admin's write, with the new admin as the actor. A form
      // the schema refuses is not: no name anyone typed is kept (as for sign-in's unknown names).
      activity: (form: FormData) => {
        const parsed = setupForm.safeParse(valuesOf(form, SIGN_UP_FIELDS));
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

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Set up the site") }, NOINDEX];
}

export default function Setup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { bind } = useFieldValues({
    username: actionData?.values?.username.trim() ?? "",
    email: actionData?.values?.email.trim() ?? "",
    password: "",
  });
  const busy = navigation.state === "submitting";
  return (
    <AuthLayout
      title="Set up the site"
      intro="Create the first admin account. This page disappears once an admin exists."
      error={actionData?.message}
    >
      <Form method="post" noValidate className="space-y-5">
        <AccountFields bind={bind} texts={{ password: { hint: "At least 8 characters." } }} />
        <SubmitButton busy={busy}>Create admin account</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
