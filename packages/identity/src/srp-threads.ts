import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { startServerHandshake, verifyPasswordClaim } from './srp';
import type { SrpTask } from './srp-worker';

/**
 * The server's SRP arithmetic (three 3072-bit exponentiations per sign-in), either on worker
 * threads or on the calling thread (decision record 0069). Same results, same errors: a verifier
 * that cannot be used rejects with the RangeError startServerHandshake throws.
 */
export interface SrpArithmetic {
  startServerHandshake: (verifierHex: string) => Promise<ReturnType<typeof startServerHandshake>>;
  verifyPasswordClaim: (claim: Parameters<typeof verifyPasswordClaim>[0]) => Promise<boolean>;
  /** Waits for the tasks under way, then ends the threads. */
  close: () => Promise<void>;
}

/** One thread per core beyond the event loop's own, at least one, at most four. */
export function defaultSrpThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

/** The arithmetic on the calling thread, for a host that sets `srpThreads` to 0. */
export const srpOnThisThread: SrpArithmetic = {
  startServerHandshake: async (verifierHex) => startServerHandshake(verifierHex),
  verifyPasswordClaim: async (claim) => verifyPasswordClaim(claim),
  close: async () => {},
};

// From source (tests, `npm run dev`) the worker is TypeScript and needs the tsx loader the rest of
// the server runs under; the server bundle has it built beside itself as srp-worker.mjs
// (scripts/build-server.mjs).
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './srp-worker.ts' : './srp-worker.mjs', import.meta.url).href;

/** Options of this process that a worker thread takes too, and those of them followed by a value. */
const WORKER_FLAGS = new Set(['--enable-source-maps', '--no-warnings', '--no-deprecation']);
const WORKER_OPTIONS = new Set([
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--conditions',
  '-C',
]);

/**
 * What the worker threads start with: of this process's own options, those that load modules (the
 * tsx loader, from source) and source maps, and no other. A worker refuses V8's options and the
 * process's own (`node --max-old-space-size=2048 server.mjs`: ERR_WORKER_INVALID_EXEC_ARGV), which
 * would fail every sign-in. From source, the tsx loader is added when this process runs without it.
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv, needsTsx = fromSource): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const arg = execArgv[index]!;
    const name = arg.split('=')[0]!;
    if (WORKER_FLAGS.has(name)) kept.push(arg);
    else if (WORKER_OPTIONS.has(name)) {
      kept.push(arg);
      if (!arg.includes('=') && index + 1 < execArgv.length) kept.push(execArgv[++index]!);
    }
  }
  if (needsTsx && !kept.some((arg) => arg.includes('tsx'))) {
    kept.push('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  }
  return kept;
}

/**
 * Up to `threads` worker threads, started on the first sign-in and let go after a minute without
 * one; idle, they keep no process alive.
 */
export function srpWorkerThreads(threads: number): SrpArithmetic {
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError('srpWorkerThreads needs at least one thread');
  const pool = new Piscina<SrpTask, ReturnType<typeof startServerHandshake> | boolean>({
    filename: workerFile,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    execArgv: workerExecArgv(),
  });
  return {
    startServerHandshake: async (verifierHex) =>
      (await pool.run({ op: 'handshake', verifierHex })) as ReturnType<typeof startServerHandshake>,
    verifyPasswordClaim: async (claim) => (await pool.run({ op: 'verify', claim })) === true,
    close: () => pool.close(),
  };
}
