import { useRouteLoaderData } from "react-router";

/** The largest upload of each kind, in bytes: the root loader sends them to every page. */
export type UploadLimits = { maxImageBytes: number; maxPdfBytes: number };

/** The limits from the root loader (root.tsx), read by name so that forms need not import the root. */
export function useUploadLimits(): UploadLimits | undefined {
  return useRouteLoaderData<{ uploadLimits?: UploadLimits }>("root")?.uploadLimits;
}
