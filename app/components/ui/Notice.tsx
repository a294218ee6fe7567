import { Alert } from "~/components/forms/Alert";

/** The form-level message of an action's answer: green when it worked, red when it did not. */
export function Notice({
  result,
  className,
}: {
  result: { ok: boolean; message: string } | null | undefined;
  /** Classes of a wrapper, when the message needs room around it. */
  className?: string;
}) {
  if (!result?.message) return null;
  const alert = (
    <Alert tone={result.ok ? "success" : "error"} token={result}>
      {result.message}
    </Alert>
  );
  return className ? <div className={className}>{alert}</div> : alert;
}
