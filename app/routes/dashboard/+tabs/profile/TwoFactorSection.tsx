import { Form } from "react-router";

import { ADMIN_NEEDS_TWO_FACTOR, BACKUP_CODES_MADE, TWO_FACTOR_OFF, TWO_FACTOR_ON } from "~/accounts/two-factor";
import { CodeField } from "~/components/forms/AccountFields";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import type { ActionResult } from "~/dashboard/tab";

import { answerOf, ProfileSection } from "./ProfileSection";

export type TwoFactorView = {
  enabled: boolean;
  pending: boolean;
  hasPassword: boolean;
  /** Backup codes just made, shown this once. */
  backupCodes: string[] | null;
  notice: "required" | "on" | "off" | "codes" | null;
};

/** What a step that reloaded the page (it renewed the session cookie) says once there. */
const RELOADED_NOTICES = { on: TWO_FACTOR_ON, off: TWO_FACTOR_OFF, codes: BACKUP_CODES_MADE };

const INTENTS = ["two-factor-start", "two-factor-confirm", "two-factor-backup-codes", "two-factor-disable"];

/**
 * The profile's "Two-factor sign-in" section: turn it on (password, then the QR code or key, then the
 * first code from the app), see the backup codes once, make new ones, turn it off. Plain forms:
 * every step works without scripts.
 */
export function TwoFactorSection({ view, result }: { view: TwoFactorView; result: ActionResult | undefined }) {
  const ours = answerOf(result, INTENTS);
  const setup = ours?.twoFactor?.setup;
  return (
    <ProfileSection id="two-factor" title="Two-factor sign-in">
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {view.enabled
          ? "On: signing in asks for a code from your authenticator app after your password."
          : "Off: signing in needs only your password. Turn it on to ask for a code from an authenticator app too."}
      </p>
      {view.notice === "required" && !view.enabled && (
        <div className="mt-4">
          <Alert tone="error" dismissible={false}>
            {ADMIN_NEEDS_TWO_FACTOR}
          </Alert>
        </div>
      )}
      {view.notice && view.notice !== "required" && !ours && (
        <div className="mt-4">
          <Alert tone="success">{RELOADED_NOTICES[view.notice]}</Alert>
        </div>
      )}
      {view.backupCodes && <BackupCodes codes={view.backupCodes} />}
      {setup ? (
        <SetupStep setup={setup} />
      ) : view.enabled ? (
        <div className="mt-5 space-y-6">
          <PasswordForm
            intent="two-factor-backup-codes"
            askPassword={view.hasPassword}
            label="Make new backup codes"
            hint="The old codes stop working."
          />
          <PasswordForm
            intent="two-factor-disable"
            askPassword={view.hasPassword}
            label="Turn off two-factor sign-in"
            danger
          />
        </div>
      ) : (
        <div className="mt-5">
          <PasswordForm intent="two-factor-start" askPassword={view.hasPassword} label="Turn on two-factor sign-in" />
        </div>
      )}
      <Notice result={ours} className="mt-5" />
    </ProfileSection>
  );
}

function PasswordForm({
  intent,
  askPassword,
  label,
  hint,
  danger = false,
}: {
  intent: string;
  askPassword: boolean;
  label: string;
  hint?: string;
  danger?: boolean;
}) {
  return (
    <Form method="post" action="/dashboard?tab=profile" className="space-y-3" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {askPassword && (
        <Field
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          hint={hint}
        />
      )}
      <Button type="submit" variant={danger ? "secondary" : "primary"} size="sm">
        {label}
      </Button>
    </Form>
  );
}

function SetupStep({ setup }: { setup: { totpURI: string; qrSvg: string | null; key: string } }) {
  return (
    <div className="mt-5 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Open your authenticator app (any app that shows 6-digit codes).</li>
        <li>Scan this QR code, or type in the key below.</li>
        <li>Enter the code the app shows.</li>
      </ol>
      {setup.qrSvg && (
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="mx-auto w-48 rounded-md bg-white p-2"
          // The SVG is drawn on the server by the qrcode library from the otpauth address.
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
      )}
      <p className="text-sm">
        Key:{" "}
        <code data-testid="totp-key" className="font-mono text-base tracking-wide break-all">
          {setup.key}
        </code>
      </p>
      <details className="text-xs text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer">Setup address (for apps that take one)</summary>
        <code data-testid="totp-uri" className="mt-1 block font-mono break-all">
          {setup.totpURI}
        </code>
      </details>
      <Form method="post" action="/dashboard?tab=profile" className="space-y-3">
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <input type="hidden" name="totpURI" value={setup.totpURI} />
        <CodeField label="Code from the app" inputMode="numeric" maxLength={6} />
        <Button type="submit" size="sm">
          Confirm and turn on
        </Button>
      </Form>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="bg-gold-50 dark:border-gold-600 mt-5 rounded-md border border-gold-400 p-4 dark:bg-navy-950">
      <h4 className="font-semibold text-navy-900 dark:text-white">Your backup codes</h4>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Each one signs you in once if you do not have your phone. Write them down or print them now: they are shown only
        this once.
      </p>
      <ul data-testid="backup-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
