import { Form } from "react-router";

import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import type { ActionResult } from "~/dashboard/tab";

import { answerOf, ProfileSection } from "./ProfileSection";

export type DeviceView = {
  id: string;
  browser: string;
  system: string;
  ipAddress: string;
  lastSeen: Date | string;
  current: boolean;
};

const INTENTS = ["end-session", "end-other-sessions"];

/** Dates as people read them, the same on the server and in the browser (UTC). */
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The profile's "Signed-in devices": each session, this one marked; sign out any other, or all. */
export function DevicesSection({ devices, result }: { devices: DeviceView[]; result: ActionResult | undefined }) {
  const ours = answerOf(result, INTENTS);
  const others = devices.filter((device) => !device.current).length;
  return (
    <ProfileSection id="devices" title="Signed-in devices">
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Where your account is signed in. Sign out any device you do not recognise, then change your password.
      </p>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700" data-testid="devices">
        {devices.map((device) => (
          <li key={device.id} className="flex items-center justify-between gap-4 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900 dark:text-white">
                {device.browser} on {device.system}
                {device.current && (
                  <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-200">
                    This device
                  </span>
                )}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {device.ipAddress || "Unknown address"} · last active {when.format(new Date(device.lastSeen))} UTC
              </p>
            </div>
            {!device.current && (
              <Form method="post" action="/dashboard?tab=profile#devices">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={device.id} />
                <Button type="submit" variant="danger" aria-label={`Sign out ${device.browser} on ${device.system}`}>
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Form method="post" action="/dashboard?tab=profile#devices" className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="secondary" size="sm">
            Sign out everywhere else
          </Button>
        </Form>
      )}
      <Notice result={ours} className="mt-4" />
    </ProfileSection>
  );
}
