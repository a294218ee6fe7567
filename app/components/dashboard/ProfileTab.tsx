import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { Avatar } from "~/components/Avatar";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { tooLargeMessage, uploadFile, useUploadLimit } from "~/components/forms/UploadField";
import { useHydrated } from "~/lib/use-hydrated";

type ProfileUser = { username: string; email: string; image: string; isAdmin: boolean };
export type ProfileResult = { intent: string; ok: boolean; message: string } | undefined;

export function ProfileTab({
  user,
  result,
  confirmOpen,
}: {
  user: ProfileUser;
  result: ProfileResult;
  confirmOpen: boolean;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [values, setValues] = useState({
    username: user.username,
    email: user.email,
    password: "",
    currentPassword: "",
  });
  const [clientMessage, setClientMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(confirmOpen);
  const [photo, setPhoto] = useState(user.image);
  const [photoProgress, setPhotoProgress] = useState<number | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const limit = useUploadLimit("avatar");
  const uploading = photoProgress !== null;
  const busy =
    uploading || (navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile");
  const unchanged =
    values.username === user.username && values.email === user.email && !values.password && photo === user.image;

  async function uploadPhoto(file: File | undefined) {
    if (!file) return;
    if (file.size > limit) return setPhotoError(tooLargeMessage("avatar", limit));
    setPhotoError(null);
    setClientMessage(null);
    setPhotoProgress(0);
    try {
      setPhoto(await uploadFile(file, "avatar", setPhotoProgress));
    } catch (failure) {
      setPhotoError(`Error uploading image: ${(failure as Error).message}`);
    } finally {
      setPhotoProgress(null);
      if (picker.current) picker.current.value = "";
    }
  }
  const needsCurrent = values.email !== user.email || Boolean(values.password);
  const message =
    clientMessage ??
    (result?.intent === "update-profile" || result?.intent === "delete-account" ? result.message : null);
  const ok = clientMessage ? false : result?.ok;

  return (
    <section aria-labelledby="profile-title" className="mx-auto max-w-lg">
      <h2 id="profile-title" className="text-center font-serif text-3xl font-bold text-navy-900 dark:text-white">
        Profile
      </h2>
      <div className="mt-6 flex flex-col items-center">
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => uploadPhoto(event.target.files?.[0])}
        />
        <button
          type="button"
          onClick={() => picker.current?.click()}
          disabled={uploading}
          aria-label="Change your photo"
          className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-500"
        >
          <Avatar username={user.username} image={photo} size="h-28 w-28 text-4xl" />
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-navy-950/60 text-sm font-semibold text-white opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
            Change photo
          </span>
          {uploading && (
            <span
              role="progressbar"
              aria-label="Uploading your photo"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={photoProgress}
              className="absolute inset-0 flex items-center justify-center rounded-full bg-navy-950/70 text-lg font-bold text-white"
            >
              {photoProgress}%
            </span>
          )}
        </button>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Click the photo to choose a new one (PNG, JPEG or WebP).
        </p>
        {photoError && (
          <div className="mt-3 w-full">
            <Alert tone="error">{photoError}</Alert>
          </div>
        )}
      </div>
      <Form
        method="post"
        className="mt-8 space-y-5"
        onSubmit={(event) => {
          if (uploading) {
            event.preventDefault();
            setClientMessage("Please Wait for image to upload");
          } else if (unchanged) {
            event.preventDefault();
            setClientMessage("No changes made");
          } else {
            setClientMessage(null);
          }
        }}
      >
        <input type="hidden" name="intent" value="update-profile" />
        <input type="hidden" name="profilePhoto" value={photo === user.image ? "" : photo} />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => setValues({ ...values, username: e.target.value.trim() })}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value.trim() })}
        />
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
          aria-disabled={busy}
          className="w-full rounded-md bg-navy-800 px-5 py-3 font-semibold text-white hover:bg-navy-700 aria-disabled:opacity-70 dark:bg-gold-500 dark:text-navy-950"
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
