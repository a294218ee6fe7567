import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { z } from "zod";

import { CrestIcon } from "~/components/icons";
import { useSchemaCheck } from "~/lib/form-hooks";
import type { FormAnswer } from "~/lib/forms/answer";

import { Alert } from "./Alert";
import { SubmitButton } from "./Field";

/**
 * Whether the page's form is on its way: to the page's own address (its own action, not a sign-out
 * from the menu), or with `anySubmission`, any submission.
 */
function useSubmitting(anySubmission: boolean): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state !== "submitting") return false;
  return anySubmission || navigation.formAction?.startsWith(pathname) === true;
}

/** The sign-in, sign-up and setup pages: a card on the centre's colours, with the form's error at its foot. */
export function AuthLayout({
  title,
  intro,
  notice,
  error,
  children,
}: {
  title: string;
  intro?: string;
  /** Good news above the form (the link is on its way, the account was made). */
  notice?: string | null;
  error?: string | null;
  children: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-navy-950 via-navy-900 to-paper pt-32 pb-20 dark:to-night">
      <div className="mx-auto max-w-md px-4">
        <div className="rounded-2xl bg-white p-8 shadow-2xl sm:p-10 dark:bg-night-card">
          <div className="flex flex-col items-center text-center">
            <CrestIcon className="h-14 w-14" />
            <h1 className="mt-4 font-serif text-2xl font-bold text-navy-900 dark:text-white">{title}</h1>
            {intro && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{intro}</p>}
          </div>
          <div className="mt-8">
            {notice && (
              <div className="mb-6">
                <Alert tone="success">{notice}</Alert>
              </div>
            )}
            {children}
            {error && (
              <div className="mt-5">
                <Alert tone="error">{error}</Alert>
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

type AuthFormProps = {
  title: string;
  intro?: string;
  /** Good news from the loader (the account was made); the action's own good news is shown too. */
  notice?: string | null;
  /**
   * A refusal from elsewhere (the external sign-in's, in the address). The action's refusal is shown
   * first, and the browser's own check of `schema` before either.
   */
  refused?: string | null;
  schema: z.ZodType;
  /** The form is busy during any submission, not only one to this page (the invitation's, as before). */
  anySubmission?: boolean;
  /** The submit button's words. */
  submit: string;
  /** The form's fields. */
  children: React.ReactNode;
  /** What follows the form (the other ways in). */
  after?: React.ReactNode;
};

/** A sign-in, sign-up or password page: its form, checked in the browser first, in AuthLayout. */
export function AuthForm(props: AuthFormProps) {
  const { title, intro, notice, refused, schema, anySubmission = false, submit, children, after } = props;
  const check = useSchemaCheck(schema);
  const busy = useSubmitting(anySubmission);
  // The page's action answers with a FormAnswer: good news, or the form's first problem.
  const answer = useActionData<FormAnswer | undefined>();
  const answeredNotice = answer?.ok ? answer.message : undefined;
  const answeredRefusal = answer?.ok === false ? answer.message : undefined;
  return (
    <AuthLayout
      title={title}
      intro={intro}
      notice={answeredNotice ?? notice}
      error={check.message ?? answeredRefusal ?? refused}
    >
      <Form method="post" noValidate className="space-y-5" onSubmit={check.onSubmit}>
        {children}
        <SubmitButton busy={busy}>{submit}</SubmitButton>
      </Form>
      {after}
    </AuthLayout>
  );
}

/** The providers' buttons; `redirectTo`: where the person lands once signed in (an invitation's page). */
export function ExternalSignIn({
  providers,
  redirectTo,
}: {
  providers: { id: string; name: string }[];
  redirectTo?: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-3">
      <div className="flex items-center gap-3 text-xs tracking-wider text-slate-600 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or{" "}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      {providers.map((provider) => (
        <form key={provider.id} method="post" action="/auth/external">
          <input type="hidden" name="provider" value={provider.id} />
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <button
            type="submit"
            className="w-full rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50 dark:border-slate-600 dark:bg-navy-950 dark:text-white dark:hover:bg-navy-900"
          >
            Continue with {provider.name}
          </button>
        </form>
      ))}
    </div>
  );
}

type OtherPageLinkProps = {
  /** "Have an account?" */
  question: string;
  to: string;
  label: string;
};

/** Under an account form: the way to the page for another case ("Have an account? Sign in"). */
export function OtherPageLink({ question, to, label }: OtherPageLinkProps) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
      {question}{" "}
      <Link to={to} className="font-semibold text-navy-700 underline dark:text-gold-300">
        {label}
      </Link>
    </p>
  );
}

type OtherWaysInProps = OtherPageLinkProps & {
  providers: { id: string; name: string }[];
  /** Where the providers' sign-in lands (an invitation's page). */
  redirectTo?: string;
};

/** Under the sign-in, sign-up and invitation forms: the external providers, then the way to the other page. */
export function OtherWaysIn({ providers, redirectTo, ...otherPage }: OtherWaysInProps) {
  return (
    <>
      <ExternalSignIn providers={providers} redirectTo={redirectTo} />
      <OtherPageLink {...otherPage} />
    </>
  );
}

/**
 * A page reached from a link that no longer works (a used reset or invitation link): what happened,
 * and the one way on.
 */
export function EndedLink({
  title,
  error,
  to,
  label,
}: {
  title: string;
  error: string | null;
  to: string;
  label: string;
}) {
  return (
    <AuthLayout title={title} error={error}>
      <p className="text-center text-sm">
        <Link to={to} className="font-semibold text-navy-700 underline dark:text-gold-300">
          {label}
        </Link>
      </p>
    </AuthLayout>
  );
}
