import { data, Form, redirect, useNavigation, useRouteLoaderData } from "react-router";

import { AccountFields, useFieldValues, useRequiredFields } from "~/components/forms/AccountFields";
import { AuthLayout, OtherWaysIn } from "~/components/forms/AuthLayout";
import { SubmitButton } from "~/components/forms/Field";
import { FILL_ALL_FIELDS, firstError, missingFields, signUpSchema } from "~/lib/forms/accounts";
import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import type { RootData } from "~/root";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/signup";

const FIELDS = ["username", "email", "password"];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/dashboard?tab=profile");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").trim()])) as Record<
    "username" | "email" | "password",
    string
  >;
  const echo = { username: values.username, email: values.email };
  if (missingFields(values, FIELDS)) return data({ error: FILL_ALL_FIELDS, ...echo }, { status: 400 });
  const parsed = signUpSchema.safeParse(values);
  if (!parsed.success) return data({ error: firstError(parsed.error), ...echo }, { status: 400 });
  try {
    await (await services()).accounts.signUp(request, parsed.data);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ error: error.message, ...echo }, { status: error.status, headers: error.headers });
  }
  return redirect("/signin?registered=1");
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Sign up") }, NOINDEX];
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const providers = useRouteLoaderData<RootData>("root")?.providers ?? [];
  const navigation = useNavigation();
  const { values, bind } = useFieldValues({
    username: actionData?.username ?? "",
    email: actionData?.email ?? "",
    password: "",
  });
  const { clientError, onSubmit } = useRequiredFields(values, FIELDS);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signup") === true;

  return (
    <AuthLayout
      title="Welcome to the Distance Learning Content Management System"
      intro="Create an account to follow the Centre's courses and publications."
      error={clientError ?? actionData?.error}
    >
      <Form method="post" noValidate className="space-y-5" onSubmit={onSubmit}>
        <AccountFields
          bind={bind}
          texts={{
            username: { placeholder: "Username", hint: "3 to 30 letters, digits, dots, dashes or underscores." },
            email: { placeholder: "name@lakeland.edu" },
            password: { placeholder: "Password", hint: "At least 8 characters." },
          }}
        />
        <SubmitButton busy={busy}>Sign Up</SubmitButton>
      </Form>
      <OtherWaysIn providers={providers} question="Have an account?" to="/signin" label="Sign in" />
    </AuthLayout>
  );
}
