// Bundle the web table (play/) with esbuild: play.js, play.css and index.html into the service's
// static folder (service/play/static), or the folder given as the first argument.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = resolve(process.argv[2] ?? join(here, "..", "..", "service", "play", "static"));
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, "play", "main.ts")],
  outfile: join(out, "play.js"),
  bundle: true,
  format: "esm",
  target: ["es2022"],
  minify: true,
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
});
for (const name of ["index.html", "play.css"]) {
  copyFileSync(join(here, "play", name === "play.css" ? "style.css" : name), join(out, name));
}
console.log(`web table built into ${out}`);
