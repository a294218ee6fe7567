import { Form, redirect, useNavigation, useRouteLoaderData } from "react-router";

import { invitationForm } from "~/accounts/forms";
import { INVITATION_GONE } from "~/accounts/invitations.server";
import { NewPasswordFields, useFieldValues } from "~/components/forms/AccountFields";
import { AuthForm, AuthLayout, EndedLink, OtherWaysIn } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { type Role, rolesLabel } from "~/domain/roles";
import { privateMeta } from "~/lib/seo/private-meta";
import type { RootData } from "~/root";
import { services } from "~/runtime.server";
import { formAction } from "~/web/form-action.server";
import { getUser, requireUser } from "~/web/session.server";

import { workTab } from "../dashboard/registry";
import type { Route } from "./+types/invitation";

/** Where an accepted invitation lands: the first tab of the new work (issue 33). */
function dashboardOf(roles: readonly Role[]) {
  const tab = workTab(roles) ?? { id: "profile" };
  return `/dashboard?tab=${tab.id}&welcome=1`;
}

/**
 * /invitation/{token}: the link of an admin's invitation. Signed out, the colleague chooses a
 * username and password (or signs in with an account they have, Google or OIDC included, and comes
 * back here); signed in, they accept with that account. A used, withdrawn or expired link says so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const invitation = await (await services()).accounts.openInvitation(params.token);
  const user = await getUser(request);
  if (!invitation) return { invitation: null, gone: INVITATION_GONE, signedInAs: user?.username ?? null };
  return {
    invitation: {
      email: invitation.email,
      roles: rolesLabel(invitation.roles),
      invitedBy: invitation.invitedByName,
    },
    gone: null,
    signedInAs: user?.username ?? null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { accounts } = await services();
  const user = await getUser(request);
  if (user) {
    // Accepting with the account already signed in: the form holds nothing but the intent.
    return formAction(request, { where: "accept invitation", fields: [], echo: false as const }, async () => {
      const changed = await accounts.acceptInvitation(params.token, await requireUser(request));
      return redirect(dashboardOf(changed.roles));
    });
  }
  const spec = { where: "accept invitation", fields: ["username", "password", "confirmPassword"] };
  return formAction(
    request,
    { ...spec, echo: { except: ["password", "confirmPassword"] }, schema: invitationForm },
    async ({ input }) => {
      const result = await accounts.acceptWithNewAccount(request, params.token, input);
      const invited = await accounts.findByUsername(input.username);
      return redirect(dashboardOf(invited?.roles ?? []), { headers: result.headers });
    },
  );
}

export const meta = privateMeta("Your invitation");

export default function Invitation({ loaderData, actionData, params }: Route.ComponentProps) {
  const providers = useRouteLoaderData<RootData>("root")?.providers ?? [];
  const navigation = useNavigation();
  const { bind } = useFieldValues({
    username: actionData?.values?.username?.trim() ?? "",
    password: "",
    confirmPassword: "",
  });
  const busy = navigation.state === "submitting";
  const { invitation, signedInAs } = loaderData;
  const here = `/invitation/${params.token}`;
  if (!invitation) {
    return <EndedLink title="This invitation has ended" error={loaderData.gone} to="/" label="Go to the home page" />;
  }
  const intro = `${invitation.invitedBy} invites ${invitation.email} to work on this site as ${invitation.roles}.`;
  if (signedInAs) {
    return (
      <AuthLayout title="Accept your invitation" intro={intro} error={actionData?.message}>
        <Form method="post" className="space-y-5">
          <p className="text-sm">
            You are signed in as <strong>{signedInAs}</strong>. Accepting gives this account the invitation&apos;s
            roles.
          </p>
          <SubmitButton busy={busy}>Accept as {signedInAs}</SubmitButton>
        </Form>
      </AuthLayout>
    );
  }
  return (
    <AuthForm
      title="Accept your invitation"
      intro={intro}
      anySubmission
      schema={invitationForm}
      submit="Create my account"
      after={
        <OtherWaysIn
          providers={providers}
          redirectTo={here}
          question="Already have an account?"
          to={`/signin?redirectTo=${encodeURIComponent(here)}`}
          label="Sign in to accept"
        />
      }
    >
      <p className="text-sm">
        Choose a username and a password. Your account&apos;s email address is {invitation.email}.
      </p>
      <Field
        label="Username"
        autoComplete="username"
        hint="3 to 30 letters, digits, dots, dashes or underscores."
        {...bind("username")}
      />
      <NewPasswordFields bind={bind} />
    </AuthForm>
  );
}
