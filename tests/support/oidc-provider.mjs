// A real OpenID Connect provider on 127.0.0.1 for the end-to-end tests (the npm package
// oidc-provider with its development login and consent pages). Any login name signs in; the
// account's e-mail is <login>@oidc.example.edu.
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 3290);
const appOrigin = process.env.APP_ORIGIN ?? "http://127.0.0.1:3210";
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "cpscr-e2e",
      client_secret: "cpscr-e2e-secret",
      redirect_uris: [`${appOrigin}/api/auth/callback/oidc`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ["e2e-only-cookie-key"] },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return {
          sub: id,
          email: `${id}@oidc.example.edu`,
          email_verified: true,
          name: `Test ${id}`,
          picture: `${issuer}/avatar/${id}.png`,
        };
      },
    };
  },
});

// The accounts' photos (the "picture" claim).
provider.use(async (ctx, next) => {
  if (!ctx.path.startsWith("/avatar/")) return next();
  ctx.type = "image/svg+xml";
  ctx.body =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#386fa4"/></svg>';
});

provider.listen(port, "127.0.0.1", () => console.log(`OIDC provider listening on ${issuer}`));
