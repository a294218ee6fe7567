import { expect, test, uniqueName } from "./fixtures";

test.describe("the JSON API's account calls", () => {
  test("sign up, sign in (cookie and user, never a password), sign out", async ({ request }) => {
    const username = uniqueName("api");
    const signup = await request.post("/api/auth/signup", {
      data: { username, email: `${username}@example.edu`, password: "api password 1" },
    });
    expect(signup.status()).toBe(201);
    expect(await signup.json()).toEqual({ success: true, message: "Signup successful" });

    const signin = await request.post("/api/auth/signin", { data: { username, password: "api password 1" } });
    expect(signin.status()).toBe(200);
    expect(signin.headers()["set-cookie"]).toMatch(/session_token=.*HttpOnly/i);
    const body = await signin.json();
    const account = {
      _id: expect.any(String),
      username,
      email: `${username}@example.edu`,
      profilePhoto: "",
      isAdmin: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    // The account at the top level too, where the earlier system's client reads it (SPEC-NOTES.md).
    expect(body).toEqual({ success: true, message: "Signed in", ...account, user: account });
    expect(body._id).toBe(body.user._id);
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);

    const signout = await request.post("/api/users/signout");
    expect(await signout.json()).toEqual({ success: true, message: "Signed out" });
  });

  test("mistakes are JSON errors a person can read", async ({ request }) => {
    const cases: [string, unknown, number, string | RegExp][] = [
      ["/api/auth/signup", { username: "x" }, 400, "please fill all fields"],
      [
        "/api/auth/signup",
        { username: "ok.name", email: "bad", password: "long enough 1" },
        400,
        "Enter a valid email address",
      ],
      [
        "/api/auth/signin",
        { username: "nobody.at.all", password: "wrong password" },
        401,
        "Invalid username or password",
      ],
      ["/api/auth/signin", { username: 42, password: "x" }, 400, "username must be text."],
      ["/api/auth/signin", [1, 2], 400, "The request body must be a JSON object."],
    ];
    for (const [path, data, status, message] of cases) {
      const response = await request.post(path, { data });
      expect(response.status(), JSON.stringify(data)).toBe(status);
      expect(await response.json()).toEqual({ success: false, statusCode: status, message });
    }
    const malformed = await request.post("/api/auth/signin", {
      data: Buffer.from("{not json"),
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).message).toBe("The request body is not valid JSON.");
  });
});
