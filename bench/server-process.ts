import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** What the server printed, line by line (for error messages and figures). */
  output: string[];
  /** Resolves once GET /readyz answers 200; rejects when the server exits first or after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Stops the server and everything npx started for it. */
  stop(): Promise<void>;
}

/** The real server (`apps/server/src/server.ts`) in a process of its own on 127.0.0.1:`port`, with `env` on top of this one's. */
export function startServer(repoRoot: string, port: number, env: Record<string, string>): ServerProcess {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('npx', ['tsx', join(repoRoot, 'apps/server/src/server.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx starts the server as a grandchild, and all of them must stop.
    detached: true,
  });
  const output: string[] = [];
  const collect = (b: Buffer) => output.push(...b.toString().split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const last = () => output.slice(-5).join(' | ');

  return {
    port,
    base,
    output,
    ready: async (timeoutMs = 600_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${last()}`);
        try {
          if ((await fetch(`${base}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`server not ready after ${timeoutMs / 1000} s: ${last()}`);
    },
    stop: async () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group is already gone
      }
      await exited;
    },
  };
}
