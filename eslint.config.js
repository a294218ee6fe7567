import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import tseslint from "typescript-eslint";

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

/** better-auth is reached only through its adapter, app/accounts/better-auth/ (decision 036). */
const AUTH_LIBRARY = {
  paths: [{ name: "better-auth", message: "Only app/accounts/better-auth/ imports the auth library." }],
  patterns: [{ group: ["better-auth/*"], message: "Only app/accounts/better-auth/ imports the auth library." }],
};

/**
 * Files matching `files` (tests and `ignores` aside) may not import the app's modules matching
 * `forbidden` (gitignore-style patterns of `~/` paths) or `matching` (regular expressions over the
 * import as written, relative ones too), nor `packages`, nor the auth library unless `authLibrary`
 * says they are its adapter, nor the composition above the features (the runtime aside where
 * `reachesServices`).
 */
function layer(
  files,
  forbidden,
  packages = [],
  { authLibrary = false, matching = [], ignores = [], reachesServices = false } = {},
) {
  // The composition above every feature: the process runtime, the root route, the services registry,
  // the publishing tick. The request's frame (`reachesServices`) is handed the services by the runtime.
  const runtime = [
    ...(reachesServices ? [] : ["~/runtime.server"]),
    "~/root",
    "~/registry.server",
    "~/publishing-tick.server",
  ];
  const library = authLibrary ? { paths: [], patterns: [] } : AUTH_LIBRARY;
  const message = "Imports point down the layers (docs/architecture.md).";
  return [
    {
      files,
      ignores: [...TESTS, ...ignores],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            paths: [
              ...packages.map((name) => ({ name, message: "A lower layer may not import the web framework." })),
              ...library.paths,
            ],
            patterns: [
              { group: [...forbidden, ...runtime], message },
              ...matching.map((regex) => ({ regex, message })),
              ...library.patterns,
            ],
          },
        ],
      },
    },
  ];
}

/**
 * The features' own folders (the accounts: decision 036; the journal: decision 034): above the shared
 * layers, which may not import them; the routes, the request edge, the API, the server and the
 * composition root may.
 */
const FEATURE_FOLDERS = ["~/authors/*", "~/journal/*", "~/submissions/*", "~/readership/*"];
const FEATURES = ["~/accounts/*", ...FEATURE_FOLDERS];
/** The request's frame: the edge helpers, the JSON API's parts and the dashboard's, above the accounts. */
const FRAME = ["~/web/*", "~/api/*", "~/dashboard/*"];

/** The edges inside a feature folder (app/journal): its screens, dashboard tabs, request helpers and API. */
const FEATURE_EDGES = "(^|/)(components|dashboard|routes|web|api)/|(^|/)api\\.server$";

/**
 * A feature folder's own layers (app/journal): its top-level modules (words, vocabulary, forms) are
 * pure; its services (`*.server.ts`, and the folders named in `services`) import no screen and no
 * request edge, its API edge (api.server.ts) aside; its components import no server module and no edge.
 */
function featureLayers(feature, { services = [], pureIgnores = [] } = {}) {
  return [
    ...layer([`app/${feature}/*.ts`], ["~/services/*", "~/db/*", ...FRAME, "~/routes/*"], ["react-router"], {
      matching: ["\\.server$", FEATURE_EDGES],
      ignores: [`app/${feature}/*.server.ts`, ...pureIgnores],
    }),
    ...layer(
      [`app/${feature}/*.server.ts`, ...services],
      ["~/components/*", ...FRAME, "~/routes/*"],
      ["react-router"],
      {
        matching: [FEATURE_EDGES],
        ignores: [`app/${feature}/api.server.ts`],
      },
    ),
    ...layer([`app/${feature}/components/**`], [...FRAME, "~/routes/*"], [], {
      matching: ["\\.server$", "(^|/)(dashboard|routes|web|api)/"],
    }),
  ];
}

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", ".tmp/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      // Prettier wraps code at 120 columns but never splits a string; this holds comments and code to the same width.
      "max-len": [
        "error",
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Everywhere else (the routes, the request edge, the API, the server): the auth library only through its adapter.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", AUTH_LIBRARY] },
  },
  // The layers of docs/architecture.md: every import points down. A lower layer that needs something
  // from a higher one is a sign the code belongs elsewhere.
  ...layer(
    ["app/domain/**"],
    ["~/lib/*", "~/db/*", "~/services/*", "~/components/*", ...FEATURES, ...FRAME, "~/routes/*"],
  ),
  ...layer(["app/lib/**", "app/db/**"], ["~/services/*", "~/components/*", ...FEATURES, ...FRAME, "~/routes/*"]),
  ...layer(["app/services/**"], ["~/components/*", ...FEATURES, ...FRAME, "~/routes/*"], ["react-router"]),
  ...layer(["app/components/**"], [...FEATURES, ...FRAME, "~/routes/*"]),
  // The request's frame, below the features built on it: the edge helpers, the JSON API's parts, the
  // dashboard's frame. What lists every feature (the API's operations, the sitemaps) is in routes/.
  ...layer(["app/web/**", "app/api/**", "app/dashboard/**"], [...FEATURE_FOLDERS, "~/routes/*"], [], {
    reachesServices: true,
  }),
  // A feature is a service of its own kind: no screens, no request edge, no web framework.
  ...layer(["app/accounts/**"], ["~/components/*", ...FRAME, "~/routes/*"], ["react-router"]),
  ...layer(["app/accounts/better-auth/**"], ["~/components/*", ...FRAME, "~/routes/*"], ["react-router"], {
    authLibrary: true,
  }),
  // The authors (issue 33): their service reads no request; their page is in routes/.
  ...layer(["app/authors/*.server.ts"], ["~/components/*", ...FRAME, "~/routes/*"], ["react-router"]),
  // The journal, submissions and peer review (issue 34, decision 041) and readership (issue 35,
  // decision 043) keep one order inside: their words, vocabulary and forms are pure; their services
  // import no screen and no request edge; their components no server module.
  ...featureLayers("journal", { services: ["app/journal/exports/**"], pureIgnores: ["app/journal/*.d.ts"] }),
  ...featureLayers("submissions", { services: ["app/submissions/files/**"] }),
  ...featureLayers("readership"),
  {
    // The accounts by flow (decision 036): every function reads on a screen or two.
    files: ["app/accounts/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: { "max-lines-per-function": ["error", { max: 60 }] },
  },
  {
    files: ["scripts/**/*.mjs", "tests/support/**/*.mjs", "bench/**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        fetch: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
      },
    },
  },
);
