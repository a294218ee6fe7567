import { apiError, thrownRefusal } from "~/lib/api-response.server";
import { services } from "~/runtime.server";
import { UPLOAD_PURPOSES, UploadError, type UploadPurpose } from "~/services/media.server";
import { getUser } from "~/web/session.server";

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
  try {
    return await upload(request);
  } catch (error) {
    // The server stopping or the database gone: a JSON 503 like the rest of the API.
    const refusal = thrownRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}

async function upload(request: Request) {
  if (request.method !== "POST") return json({ message: "Send the file with POST." }, 405);
  const purpose = new URL(request.url).searchParams.get("purpose") as UploadPurpose | null;
  if (!purpose || !UPLOAD_PURPOSES.includes(purpose)) {
    return json({ message: "Say what the file is for: purpose=avatar, image or pdf." }, 400);
  }
  const user = await getUser(request);
  if (!user) return json({ message: "Sign in to upload files." }, 401);
  if (purpose !== "avatar" && !user.isAdmin) return json({ message: "Only admins can upload this kind of file." }, 403);
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
  try {
    const stored = await (
      await services()
    ).media.ingest(request.body, {
      purpose,
      declaredLength: declared ? Number(declared) : undefined,
      fileName,
      uploadedBy: user.id,
      // Admins have no upload limits; everyone else UPLOADS_PER_HOUR and UPLOAD_QUOTA_BYTES.
      limited: !user.isAdmin,
    });
    // `secure_url` as well: SPEC.md's client read either.
    return json({ ...stored, secure_url: stored.url }, 201);
  } catch (error) {
    if (error instanceof UploadError) {
      const refused = json({ message: error.message }, error.status);
      if (error.retryAfterSeconds) refused.headers.set("Retry-After", String(error.retryAfterSeconds));
      return refused;
    }
    throw error;
  }
}

export function loader() {
  return json({ message: "Send the file with POST." }, 405);
}
