import fs from "node:fs";
import path from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// `npm run dev` reads .env like `npm start` does (the start script loads it for production).
if (fs.existsSync(".env")) process.loadEnvFile(".env");

export default defineConfig({
  // The server build's entry is our HTTP server, which imports the React Router build itself,
  // so the app, its database and the server share one module graph and one database handle.
  environments: { ssr: { build: { rollupOptions: { input: "./server/main.ts" } } } },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), reactRouter()],
});
