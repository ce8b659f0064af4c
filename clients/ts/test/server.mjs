// Start the real service (python -m service) on free 127.0.0.1 ports for a test, and stop it.
// The interpreter is TABLETOP_PYTHON (the pytest wrapper passes its own), else the repo's .venv, else python3.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

function python() {
  if (process.env.TABLETOP_PYTHON) return process.env.TABLETOP_PYTHON;
  const venv = join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

/** A port free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Start the service; resolves to {url, stop()} once /readyz answers 200 on every worker. */
export async function startService({ workers = 2, env = {} } = {}) {
  const [grpcPort, httpPort] = [await freePort(), await freePort()];
  // Its output goes to a file: a pipe would keep this process (and node --test) waiting on it.
  const log = join(mkdtempSync(join(tmpdir(), "tabletop-service-")), "service.log");
  const fd = openSync(log, "w");
  const proc = spawn(python(), ["-m", "service", "--host", "127.0.0.1", "--grpc-port", String(grpcPort),
    "--http-port", String(httpPort), "--workers", String(workers), "--log-level", "warning"], {
    cwd: ROOT,
    stdio: ["ignore", fd, fd],
    env: { ...process.env, TABLETOP_TOKEN_KEYS: `k1:${randomBytes(32).toString("base64")}`, ...env },
  });
  closeSync(fd);
  let exited = null;
  proc.on("exit", (code) => { exited = code; });
  const tail = () => readFileSync(log, "utf8").slice(-3000);
  const url = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== null) throw new Error(`the service exited with ${exited} at start:\n${tail()}`);
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`the service was not ready in 60 s:\n${tail()}`);
    }
    try {
      const answers = await Promise.all([0, 1, 2, 3].map(() => fetch(`${url}/readyz`)));
      if (answers.every((r) => r.ok)) break;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () => new Promise((resolve) => {
    if (exited !== null) return resolve(exited);
    const kill = setTimeout(() => proc.kill("SIGKILL"), 20_000);
    proc.once("exit", (code) => { clearTimeout(kill); resolve(code); });
    proc.kill("SIGTERM");
  });
  return { url, grpcPort, httpPort, stop, log };
}
