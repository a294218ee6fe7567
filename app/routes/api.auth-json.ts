import { FILL_ALL_FIELDS, firstError, missingFields, signUpSchema } from "~/lib/account-rules";
import { readJsonObject, textField } from "~/lib/read-json.server";
import { services } from "~/runtime.server";
import { apiError } from "~/lib/api-response.server";
import type { Route } from "./+types/api.auth-json";

/**
 * SPEC.md section 7's account calls for API clients: POST /api/auth/signup, POST /api/auth/signin
 * and POST /api/users/signout. The same service (and rate limits) as the HTML forms.
 */
export async function action({ request }: Route.ActionArgs) {
  const path = new URL(request.url).pathname;
  if (request.method !== "POST") return apiError(405, "Use POST.");
  const { accounts } = await services();

  if (path === "/api/users/signout") {
    const result = await accounts.signOut(request);
    return Response.json({ success: true, message: "Signed out" }, { headers: result.headers });
  }

  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const fields = path === "/api/auth/signup" ? ["username", "email", "password"] : ["username", "password"];
  const values: Record<string, string> = {};
  for (const name of fields) {
    const value = textField(body, name);
    if (value === null) return apiError(400, `${name} must be text.`);
    values[name] = value.trim();
  }
  if (missingFields(values, fields)) return apiError(400, FILL_ALL_FIELDS);

  if (path === "/api/auth/signup") {
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) return apiError(400, firstError(parsed.error));
    const result = await accounts.signUp(request, parsed.data);
    if (!result.ok) return apiError(result.status, result.message);
    return Response.json({ success: true, message: "Signup successful" }, { status: 201 });
  }

  const result = await accounts.signIn(request, { username: values.username, password: values.password });
  if (!result.ok) return apiError(result.status, result.message);
  const user = values.username.includes("@") ? await accounts.findByEmail(values.username) : await accounts.findByUsername(values.username);
  return Response.json(
    {
      success: true,
      message: "Signed in",
      user: user && { _id: user.id, username: user.username, email: user.email, profilePhoto: user.image, isAdmin: user.isAdmin, createdAt: user.createdAt },
    },
    { headers: result.headers },
  );
}

export function loader() {
  return apiError(405, "Use POST.");
}
