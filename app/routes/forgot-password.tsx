import { redirect } from "react-router";

import { forgotPasswordSchema } from "~/accounts/forms";
import { useFieldValues } from "~/components/forms/AccountFields";
import { AuthForm, OtherPageLink } from "~/components/forms/AuthLayout";
import { Field } from "~/components/forms/Field";
import { privateMeta } from "~/lib/seo/private-meta";
import { services } from "~/runtime.server";
import { formAction, formAnswer, retryAfterHeaders } from "~/web/form-action.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/forgot-password";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/dashboard?tab=profile");
  return null;
}

/** The same answer whether or not there is such an account; only a flood of asks is refused. */
export async function action({ request }: Route.ActionArgs) {
  const spec = { where: "forgot password", fields: ["identifier"], schema: forgotPasswordSchema };
  return formAction(request, spec, async ({ input }) => {
    const result = await (await services()).accounts.requestPasswordReset(request, input.identifier);
    return formAnswer(true, result.message);
  });
}

export const headers = retryAfterHeaders;

export const meta = privateMeta("Forgot password");

export default function ForgotPassword() {
  const { bind } = useFieldValues({ identifier: "" });
  return (
    <AuthForm
      title="Forgot your password?"
      intro="Enter your email address or username. We will email you a link to choose a new password."
      schema={forgotPasswordSchema}
      submit="Send me a link"
      after={<OtherPageLink question="Remembered it?" to="/signin" label="Sign in" />}
    >
      <Field
        label="Email or username"
        autoComplete="username"
        placeholder="name@lakeland.edu"
        {...bind("identifier")}
      />
    </AuthForm>
  );
}
