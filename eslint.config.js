import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import tseslint from "typescript-eslint";

/** Files matching `files` (tests aside) may not import the app's modules matching `forbidden`, nor `packages`. */
function layer(files, forbidden, packages = []) {
  // The composition above every feature: the process runtime, the root route, the services registry.
  const runtime = ["~/runtime.server", "~/root", "~/registry.server"];
  return [
    {
      files,
      ignores: ["**/*.test.ts", "**/*.test.tsx"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            paths: packages.map((name) => ({ name, message: "A lower layer may not import the web framework." })),
            patterns: [
              { group: [...forbidden, ...runtime], message: "Imports point down the layers (docs/architecture.md)." },
            ],
          },
        ],
      },
    },
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
  // The layers of docs/architecture.md: every import points down. A lower layer that needs something
  // from a higher one is a sign the code belongs elsewhere.
  ...layer(
    ["app/domain/**"],
    ["~/lib/*", "~/db/*", "~/services/*", "~/components/*", "~/web/*", "~/routes/*", "~/api/*"],
  ),
  ...layer(["app/lib/**", "app/db/**"], ["~/services/*", "~/components/*", "~/web/*", "~/routes/*", "~/api/*"]),
  ...layer(["app/services/**"], ["~/components/*", "~/web/*", "~/routes/*", "~/api/*"], ["react-router"]),
  ...layer(["app/components/**"], ["~/web/*", "~/routes/*", "~/api/*"]),
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
