import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { AuthLayout, ExternalSignIn } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { FILL_ALL_FIELDS, firstError, missingFields, signUpSchema } from "~/lib/forms/accounts";
import { pageTitle } from "~/lib/meta";
import { readForm } from "~/lib/read-form.server";
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
  return [{ title: pageTitle(matches, "Sign up") }];
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const providers = useRouteLoaderData<RootData>("root")?.providers ?? [];
  const navigation = useNavigation();
  const [values, setValues] = useState({
    username: actionData?.username ?? "",
    email: actionData?.email ?? "",
    password: "",
  });
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signup") === true;
  const error = clientError ?? actionData?.error;
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: e.target.value.trim() });

  return (
    <AuthLayout
      title="Welcome to the Distance Learning Content Management System"
      intro="Create an account to follow the Centre's courses and publications."
    >
      <Form
        method="post"
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          if (missingFields(values, FIELDS)) {
            event.preventDefault();
            setClientError(FILL_ALL_FIELDS);
          } else {
            setClientError(null);
          }
        }}
      >
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          placeholder="Username"
          value={values.username}
          onChange={set("username")}
          hint="3 to 30 letters, digits, dots, dashes or underscores."
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="name@lakeland.edu"
          value={values.email}
          onChange={set("email")}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="Password"
          value={values.password}
          onChange={set("password")}
          hint="At least 8 characters."
        />
        <SubmitButton busy={busy}>Sign Up</SubmitButton>
      </Form>
      <ExternalSignIn providers={providers} />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Have an account?{" "}
        <Link to="/signin" className="font-semibold text-navy-700 underline dark:text-gold-300">
          Sign in
        </Link>
      </p>
      {error && (
        <div className="mt-5">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </AuthLayout>
  );
}
