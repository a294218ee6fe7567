import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { NO_CHANGES, PHOTO_STILL_UPLOADING } from "~/accounts/forms";
import { Avatar } from "~/components/Avatar";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { AccountFields, type BoundField, useFieldValues } from "~/components/forms/AccountFields";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { tooLargeMessage, uploadFile, useUploadLimit } from "~/components/forms/UploadField";
import { InPlaceLink } from "~/components/InPlaceLink";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { useUnsavedChanges } from "~/lib/unsaved-changes";
import { useHydrated } from "~/lib/use-hydrated";

import { DevicesSection } from "./DevicesSection";
import { EmailStatus } from "./EmailStatus";
import type { load } from "./profile.server";
import { TwoFactorSection } from "./TwoFactorSection";

type ProfileUser = TabProps<unknown>["user"];
type Values = { username: string; email: string; password: string; currentPassword: string };

/** Made anew when the account's name or email (or the new one waiting) changes, so the form shows the saved values. */
export function ProfileTab({ user, result, confirm, data }: TabProps<Loaded<typeof load>>) {
  return (
    <>
      <ProfileScreen
        key={user.username + user.email + (data.emailStatus.pendingEmail ?? "")}
        user={user}
        result={result}
        confirmOpen={confirm === "delete-account"}
      />
      {/* The address's confirmation, then sign-in security (decision 023): below the account's fields. */}
      <div className="mx-auto max-w-lg">
        <EmailStatus status={data.emailStatus} result={result} />
        <TwoFactorSection view={data.twoFactor} result={result} />
        <DevicesSection devices={data.devices} result={result} />
      </div>
    </>
  );
}

type ProfileScreenProps = { user: ProfileUser; result: TabProps<unknown>["result"]; confirmOpen: boolean };

function ProfileScreen({ user, result, confirmOpen }: ProfileScreenProps) {
  const [clientMessage, setClientMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(confirmOpen);
  const photo = usePhotoUpload(user.image, () => setClientMessage(null));
  const ours = result?.intent === "update-profile" || result?.intent === "delete-account" ? result : undefined;
  return (
    <section aria-labelledby="profile-title" className="mx-auto max-w-lg">
      <Heading id="profile-title" className="text-center">
        Profile
      </Heading>
      <PhotoPicker username={user.username} photo={photo} />
      <ProfileForm user={user} photo={photo.url} uploading={photo.uploading} onRefused={setClientMessage} />
      {user.isAdmin && (
        <Link
          to="/create-post"
          className="mt-4 block w-full rounded-md border-2 border-navy-800 px-5 py-2.5 text-center font-semibold text-navy-800 hover:bg-navy-50 dark:border-gold-400 dark:text-gold-300 dark:hover:bg-navy-900"
        >
          Create a post
        </Link>
      )}
      <AccountLinks onDelete={() => setConfirming(true)} />
      {clientMessage ? (
        <div className="mt-6">
          <Alert tone="error">{clientMessage}</Alert>
        </div>
      ) : (
        <Notice result={ours} className="mt-6" />
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

/** The photo being chosen: uploaded at once, its progress, and what went wrong. */
function usePhotoUpload(saved: string, onStart: () => void) {
  const [url, setUrl] = useState(saved);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const limit = useUploadLimit("avatar");
  /** Uploads the file chosen in `picker`, then empties it so the same file can be chosen again. */
  async function upload(picker: HTMLInputElement) {
    const file = picker.files?.[0];
    if (!file) return;
    if (file.size > limit) return setError(tooLargeMessage("avatar", limit));
    setError(null);
    onStart();
    setProgress(0);
    try {
      setUrl(await uploadFile(file, "avatar", setProgress));
    } catch (failure) {
      setError(`Error uploading image: ${(failure as Error).message}`);
    } finally {
      setProgress(null);
      picker.value = "";
    }
  }
  return { url, progress, error, upload, uploading: progress !== null };
}

function PhotoPicker({ username, photo }: { username: string; photo: ReturnType<typeof usePhotoUpload> }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div className="mt-6 flex flex-col items-center">
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => photo.upload(event.target)}
      />
      <button
        type="button"
        onClick={() => picker.current?.click()}
        disabled={photo.uploading}
        aria-label="Change your photo"
        className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-500"
      >
        <Avatar username={username} image={photo.url} size="h-28 w-28 text-4xl" />
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-navy-950/60 text-sm font-semibold text-white opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
          Change photo
        </span>
        {photo.uploading && <UploadProgress percent={photo.progress ?? 0} />}
      </button>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        Click the photo to choose a new one (PNG, JPEG or WebP).
      </p>
      {photo.error && (
        <div className="mt-3 w-full">
          <Alert tone="error">{photo.error}</Alert>
        </div>
      )}
    </div>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  return (
    <span
      role="progressbar"
      aria-label="Uploading your photo"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="absolute inset-0 flex items-center justify-center rounded-full bg-navy-950/70 text-lg font-bold text-white"
    >
      {percent}%
    </span>
  );
}

/**
 * The account's fields. Only changed ones are sent; a new email or password also asks for the
 * current password (always shown without scripts, as the browser cannot tell).
 */
function ProfileForm({
  user,
  photo,
  uploading,
  onRefused,
}: {
  user: ProfileUser;
  photo: string;
  uploading: boolean;
  onRefused: (message: string | null) => void;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // Passwords are sent as typed: spaces may be part of one.
  const { values, bind } = useFieldValues<Values>(
    { username: user.username, email: user.email, password: "", currentPassword: "" },
    ["password", "currentPassword"],
  );
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const unchanged =
    values.username === user.username && values.email === user.email && !values.password && photo === user.image;
  const needsCurrent = values.email !== user.email || Boolean(values.password);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const refusal = uploading ? PHOTO_STILL_UPLOADING : unchanged ? NO_CHANGES : null;
    if (refusal) event.preventDefault();
    onRefused(refusal);
  };
  const { watch } = useUnsavedChanges();
  return (
    <Form ref={watch} method="post" className="mt-8 space-y-5" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="update-profile" />
      <input type="hidden" name="profilePhoto" value={photo === user.image ? "" : photo} />
      <ProfileFields bind={bind} askCurrent={needsCurrent || !hydrated} />
      <Button type="submit" size="block" aria-disabled={uploading || saving}>
        {uploading || saving ? "loading..." : "Update"}
      </Button>
    </Form>
  );
}

function ProfileFields({ bind, askCurrent }: { bind: (name: keyof Values) => BoundField; askCurrent: boolean }) {
  return (
    <>
      <AccountFields
        bind={bind}
        texts={{
          password: { placeholder: "New password", hint: "Leave empty to keep your password. At least 8 characters." },
        }}
      />
      {askCurrent && (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your email or password."
          {...bind("currentPassword")}
        />
      )}
    </>
  );
}

function AccountLinks({ onDelete }: { onDelete: () => void }) {
  return (
    <div className="mt-6 flex justify-between text-sm font-semibold">
      <InPlaceLink
        to="/dashboard?tab=profile&confirm=delete-account"
        onActivate={onDelete}
        className="text-red-700 hover:underline dark:text-red-300"
      >
        Delete Account
      </InPlaceLink>
      <Form method="post" action="/signout">
        <button type="submit" className="text-red-700 hover:underline dark:text-red-300">
          Sign out
        </button>
      </Form>
    </div>
  );
}
