import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking"] });
const base = "http://127.0.0.1:3300";
const pages = process.argv.slice(2);
for (const [name, path] of pages.map(p => p.split("="))) {
  for (const [vw, vh, label] of [[1366, 900, "desk"], [390, 844, "phone"]]) {
    for (const theme of ["light", "dark"]) {
      const ctx = await b.newContext({ viewport: { width: vw, height: vh } });
      if (theme === "dark") await ctx.addCookies([{ name: "theme", value: "ImRhcmsi", url: base }]);
      const p = await ctx.newPage();
      await p.goto(base + path, { waitUntil: "networkidle" });
      await p.screenshot({ path: `/tmp/shots/${name}-${label}-${theme}.png`, fullPage: true });
      await ctx.close();
    }
  }
}
await b.close();
