import { useNavigation } from "react-router";

import { Button } from "~/components/ui/Button";

/** A tab form's submit button; it says it is busy while its own intent is being sent. */
export function SaveButton({
  intent,
  label = "Save",
  busyLabel = "Saving...",
  disabled,
}: {
  intent: string;
  label?: string;
  busyLabel?: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" size="lg" name="intent" value={intent} disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </Button>
  );
}
