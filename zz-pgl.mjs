import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs";
const mode = process.argv[2];
let t = Date.now();
if (mode === "make") {
  const p = await PGlite.create();
  await p.exec("create table x(a int)");
  const d = await p.dumpDataDir("none");
  fs.writeFileSync("/tmp/wt-pgl.tar", Buffer.from(await d.arrayBuffer()));
  console.log("make", Date.now() - t);
} else if (mode === "fresh") {
  const p = await PGlite.create();
  console.log("fresh", Date.now() - t);
} else {
  const p = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync("/tmp/wt-pgl.tar")]) });
  console.log("load", Date.now() - t, (await p.query("select count(*) from x")).rows);
}
