import { redirect, useRouteLoaderData } from "react-router";

import { SIGN_UP_FIELDS, signUpForm } from "~/accounts/forms";
import { SIGN_UP_CLOSED } from "~/accounts/sign-up.server";
import { AccountFields, useFieldValues } from "~/components/forms/AccountFields";
import { AuthForm, AuthLayout, OtherWaysIn } from "~/components/forms/AuthLayout";
import { privateMeta } from "~/lib/seo/private-meta";
import type { RootData } from "~/root";
import { services } from "~/runtime.server";
import { formAction } from "~/web/form-action.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/signup";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/dashboard?tab=profile");
  // An admin may close open sign-up (issue 33): then the page says how accounts are made instead.
  return { closed: (await (await services()).accounts.signUpIsOpen()) ? null : SIGN_UP_CLOSED };
}

export async function action({ request }: Route.ActionArgs) {
  const spec = { where: "sign-up", fields: SIGN_UP_FIELDS, echo: { except: ["password"] }, schema: signUpForm };
  return formAction(request, spec, async ({ input }) => {
    await (await services()).accounts.signUp(request, input);
    return redirect("/signin?registered=1");
  });
}

export const meta = privateMeta("Sign up");

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const providers = useRouteLoaderData<RootData>("root")?.providers ?? [];
  const { bind } = useFieldValues({
    username: actionData?.values?.username.trim() ?? "",
    email: actionData?.values?.email.trim() ?? "",
    password: "",
  });
  if (loaderData.closed) {
    return (
      <AuthLayout title="Welcome to the Distance Learning Content Management System" error={loaderData.closed}>
        <OtherWaysIn providers={[]} question="Have an account?" to="/signin" label="Sign in" />
      </AuthLayout>
    );
  }

  return (
    <AuthForm
      title="Welcome to the Distance Learning Content Management System"
      // What an account does today (issue 33): its own profile; staff are given their access by an admin.
      intro="An account keeps your profile and sign-in. Staff who publish are given access by an administrator."
      schema={signUpForm}
      submit="Sign Up"
      after={<OtherWaysIn providers={providers} question="Have an account?" to="/signin" label="Sign in" />}
    >
      <AccountFields
        bind={bind}
        texts={{
          username: { placeholder: "Username", hint: "3 to 30 letters, digits, dots, dashes or underscores." },
          email: { placeholder: "name@lakeland.edu" },
          password: { placeholder: "Password", hint: "At least 8 characters." },
        }}
      />
    </AuthForm>
  );
}
