import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Avatar } from "~/components/Avatar";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { useHydrated } from "~/lib/use-hydrated";

type ProfileUser = { username: string; email: string; image: string; isAdmin: boolean };
export type ProfileResult = { intent: string; ok: boolean; message: string } | undefined;

export function ProfileTab({ user, result, confirmOpen }: { user: ProfileUser; result: ProfileResult; confirmOpen: boolean }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [values, setValues] = useState({ username: user.username, email: user.email, password: "", currentPassword: "" });
  const [clientMessage, setClientMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(confirmOpen);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const unchanged = values.username === user.username && values.email === user.email && !values.password;
  const needsCurrent = values.email !== user.email || Boolean(values.password);
  const message = clientMessage ?? (result?.intent === "update-profile" || result?.intent === "delete-account" ? result.message : null);
  const ok = clientMessage ? false : result?.ok;

  return (
    <section aria-labelledby="profile-title" className="mx-auto max-w-lg">
      <h2 id="profile-title" className="text-center font-serif text-3xl font-bold text-navy-900 dark:text-white">
        Profile
      </h2>
      <div className="mt-6 flex justify-center">
        <Avatar username={user.username} image={user.image} size="h-28 w-28 text-4xl" />
      </div>
      <Form
        method="post"
        className="mt-8 space-y-5"
        onSubmit={(event) => {
          if (unchanged) {
            event.preventDefault();
            setClientMessage("No changes made");
          } else {
            setClientMessage(null);
          }
        }}
      >
        <input type="hidden" name="intent" value="update-profile" />
        <Field label="Username" name="username" autoComplete="username" value={values.username} onChange={(e) => setValues({ ...values, username: e.target.value.trim() })} />
        <Field label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value.trim() })} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="New password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          hint="Leave empty to keep your password. At least 8 characters."
        />
        {(needsCurrent || !hydrated) && (
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(e) => setValues({ ...values, currentPassword: e.target.value })}
            hint="Needed to change your email or password."
          />
        )}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-navy-800 px-5 py-3 font-semibold text-white hover:bg-navy-700 disabled:opacity-70 dark:bg-gold-500 dark:text-navy-950"
        >
          {busy ? "loading..." : "Update"}
        </button>
      </Form>

      {user.isAdmin && (
        <Link
          to="/create-post"
          className="mt-4 block w-full rounded-md border-2 border-navy-800 px-5 py-2.5 text-center font-semibold text-navy-800 hover:bg-navy-50 dark:border-gold-400 dark:text-gold-300 dark:hover:bg-navy-900"
        >
          Create a post
        </Link>
      )}

      <div className="mt-6 flex justify-between text-sm font-semibold">
        <Link
          to="/dashboard?tab=profile&confirm=delete-account"
          preventScrollReset
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setConfirming(true);
          }}
          className="text-red-700 hover:underline dark:text-red-300"
        >
          Delete Account
        </Link>
        <Form method="post" action="/signout">
          <button type="submit" className="text-red-700 hover:underline dark:text-red-300">
            Sign out
          </button>
        </Form>
      </div>

      {message && (
        <div className="mt-6">
          <Alert tone={ok ? "success" : "error"}>{message}</Alert>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        fields={{ intent: "delete-account" }}
        pageHref="/dashboard?tab=profile"
        description="Your account will be deleted and you will be signed out everywhere. Your posts stay on the site."
      />
    </section>
  );
}
