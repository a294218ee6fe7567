import { type Area, isStaff, mayWorkOnAny } from "~/domain/roles";
import { apiError } from "~/lib/api-response.server";
import { domainServices } from "~/runtime.server";
import { noteActivity, withActivity } from "~/services/activity.server";
import { ServiceError } from "~/services/errors.server";
import { UPLOAD_PURPOSES, UploadError, type UploadPurpose } from "~/services/media.server";

import type { Route } from "./+types/api.uploads";

const json = (body: { message: string } | Record<string, unknown>, status: number) =>
  status >= 400
    ? apiError(status, String(body.message))
    : Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /api/uploads?purpose=avatar|image|pdf with the file itself as the body (the upload control
 * sends it with XMLHttpRequest, for progress) and its name in X-File-Name. Signed-in users may
 * upload their own photo (avatar); everything else is for admins.
 */
export async function action({ request }: Route.ActionArgs) {
  // An admin's upload is logged once with its answer's outcome (named in upload(), once signed in).
  return withActivity(
    async () => (await domainServices()).activity,
    request,
    {},
    async () => {
      try {
        return await upload(request);
      } catch (error) {
        // A refused upload, the server stopping or the database gone: JSON like the rest of the API.
        if (!(error instanceof ServiceError)) throw error;
        const refused = json({ message: error.message }, error.status);
        if (error instanceof UploadError && error.retryAfterSeconds)
          refused.headers.set("Retry-After", String(error.retryAfterSeconds));
        return refused;
      }
    },
  );
}

/** Who may upload each kind of file: anyone signed in their own photo; images, whoever edits pages or news. */
const UPLOAD_AREAS: Record<UploadPurpose, readonly Area[]> = {
  avatar: [],
  image: ["news", "media", "journal", "site"],
  pdf: ["journal"],
};

async function upload(request: Request) {
  if (request.method !== "POST") return json({ message: "Send the file with POST." }, 405);
  const purpose = new URL(request.url).searchParams.get("purpose") as UploadPurpose | null;
  if (!purpose || !UPLOAD_PURPOSES.includes(purpose)) {
    return json({ message: "Say what the file is for: purpose=avatar, image or pdf." }, 400);
  }
  const services = await domainServices();
  const user = await services.accounts.currentUser(request);
  if (!user) return json({ message: "Sign in to upload files." }, 401);
  if (!mayWorkOnAny(user.roles, UPLOAD_AREAS[purpose])) {
    return json({ message: "Your role cannot upload this kind of file. Ask an admin to give you access." }, 403);
  }
  const staff = isStaff(user.roles);
  if (staff) {
    noteActivity({
      action: `uploads.upload-${purpose}`,
      actor: { id: user.id, name: user.username },
      target: { kind: purpose === "pdf" ? "pdf" : "image" },
    });
  }
  if (!request.body) return json({ message: "The request has no file in it." }, 400);

  const declared = request.headers.get("content-length");
  let fileName: string | undefined;
  try {
    fileName = decodeURIComponent(request.headers.get("x-file-name") ?? "");
  } catch {
    return json(
      { message: "The file name is not valid. Rename the file to a plain name such as photo.jpg and try again." },
      400,
    );
  }
  const stored = await services.media.ingest(request.body, {
    purpose,
    declaredLength: declared ? Number(declared) : undefined,
    fileName,
    uploadedBy: user.id,
    // Staff have no upload limits; everyone else UPLOADS_PER_HOUR and UPLOAD_QUOTA_BYTES.
    limited: !staff,
  });
  noteActivity({
    target: { id: stored.id, label: fileName || stored.url },
    details: { url: stored.url, bytes: stored.size },
  });
  // `secure_url` as well: SPEC.md's client read either.
  return json({ ...stored, secure_url: stored.url }, 201);
}

export function loader() {
  return json({ message: "Send the file with POST." }, 405);
}
