// The identity rows of the benchmark: staff accounts made through the identity service's admin
// operations, and real SRP sign-ins against the embedded service, as the Authenticator signs in.
import { Worker } from 'node:worker_threads';
import { buildApp } from '@staff-portal/server/app';
import type { Config } from '@staff-portal/server/config';
import { schema, type Database } from '@staff-portal/server/db/client';
import { createUser } from '@staff-portal/server/identity/identity-test-kit';
import { srpEphemeral, srpPrivateKey, type SrpEphemeral } from '@staff-portal/server/identity/srp-client';
import { benchStaffEmail } from './generate-leave';
import type { ProofRequest } from './srp-worker';

export const BENCH_PASSWORD = 'Bench-pass-2026!';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface BenchUser {
  email: string;
  id: string;
  saltHex: string;
  /** x and g^x of the user's password: what a client could remember between sign-ins. */
  key: { x: bigint; gx: bigint };
}

/**
 * Creates `count` confirmed staff accounts with AdminCreateUser + AdminSetUserPassword (each
 * computes an SRP verifier), on the bench's migrated database, before the server starts.
 */
/** The bench user (by number) who is an IR officer. */
export const BENCH_IR_OFFICER = 2;

export async function createBenchUsers(database: Database, config: Config, count: number): Promise<BenchUser[]> {
  const app = await buildApp(config, { database, logger: false, webRoot: null });
  try {
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => start + i);
      await Promise.all(
        // Staff of the leave area (HR); the first is an HR admin, who may decide any request; the
        // second is also an IR officer, who searches members and cases (and sees NRICs in full).
        batch.map((n) =>
          createUser(app, benchStaffEmail(n), {
            password: BENCH_PASSWORD,
            groups: n === 0 ? ['HRAdmin', 'ITAdmin'] : n === BENCH_IR_OFFICER ? ['HR', 'IR'] : ['HR'],
          }),
        ),
      );
    }
  } finally {
    await app.close();
  }
  const poolName = config.identity.userPoolId.split('_')[1]!;
  const rows = await database.db
    .select({ id: schema.identityUsers.id, email: schema.identityUsers.email, saltHex: schema.identityUsers.srpSalt })
    .from(schema.identityUsers);
  return rows.map((row) => ({
    ...row,
    key: srpPrivateKey({ poolName, userId: row.id, password: BENCH_PASSWORD, saltHex: row.saltHex }),
  }));
}

type Json = Record<string, unknown>;

async function post(endpoint: string, operation: string, body: Json): Promise<Json> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${operation}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${operation}: ${String(answer['__type'])} ${String(answer['message'])}`);
  return answer;
}

/** The client side of PASSWORD_VERIFIER, on a worker thread. */
function startProver() {
  // The worker loads TypeScript through tsx's API itself, whatever the bench was started with.
  const entry = new URL('./srp-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
  const pending = new Map<number, { resolve: (r: Record<string, string>) => void; reject: (e: unknown) => void }>();
  let failure: unknown;
  let next = 0;
  const clientMs: number[] = [];
  worker.on('message', ({ id, responses, ms }: { id: number; responses: Record<string, string>; ms: number }) => {
    clientMs.push(ms);
    pending.get(id)?.resolve(responses);
    pending.delete(id);
  });
  worker.on('error', (error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  });
  return {
    clientMs,
    prove(params: ProofRequest['params']) {
      if (failure) return Promise.reject(new Error('the SRP worker failed', { cause: failure }));
      return new Promise<Record<string, string>>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, params } satisfies ProofRequest);
      });
    },
    close: () => worker.terminate(),
  };
}

export interface SignInTimes {
  /** The two round trips, without the client's arithmetic between them. */
  ms: number;
  result: { AccessToken: string; IdToken: string; RefreshToken: string };
}

export interface IdentityClient {
  signIn(user: BenchUser, n?: number): Promise<SignInTimes>;
  /** Milliseconds the client spent on each proof (on its worker thread). */
  clientMs: number[];
  close(): Promise<number>;
}

/**
 * A client that signs in as Amplify does (USER_SRP_AUTH, then PASSWORD_VERIFIER), with a pool of
 * precomputed ephemerals (A values) and each user's remembered x, so that little of the client's
 * arithmetic competes with the server for the machine.
 */
export function identityClient(options: { endpoint: string; clientId: string; poolName: string }): IdentityClient {
  const { endpoint, clientId, poolName } = options;
  // 32-byte secrets (Amplify draws 128): the server cannot tell, and the proof costs the client less.
  const ephemerals: SrpEphemeral[] = Array.from({ length: 64 }, () => srpEphemeral(32));
  const prover = startProver();
  let count = 0;
  return {
    clientMs: prover.clientMs,
    close: () => prover.close(),
    async signIn(user, n = count++) {
      const ephemeral = ephemerals[n % ephemerals.length]!;
      const started = performance.now();
      const first = await post(endpoint, 'InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: user.email, SRP_A: ephemeral.AHex },
      });
      const firstMs = performance.now() - started;
      const challenge = first['ChallengeParameters'] as Record<string, string>;
      const remembered = challenge['SALT'] === user.saltHex && challenge['USER_ID_FOR_SRP'] === user.id;
      const ChallengeResponses = await prover.prove({
        poolName,
        ephemeral,
        challenge,
        ...(remembered ? { key: user.key } : { password: BENCH_PASSWORD }),
      });
      const secondStarted = performance.now();
      const second = await post(endpoint, 'RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses,
      });
      const ms = firstMs + performance.now() - secondStarted;
      const result = second['AuthenticationResult'] as SignInTimes['result'] | undefined;
      if (!result?.RefreshToken) throw new Error(`sign-in ended with ${String(second['ChallengeName'])}`);
      return { ms, result };
    },
  };
}

export interface SignInRun {
  completed: number;
  errors: number;
  seconds: number;
  latencies: number[];
  refreshTokens: string[];
  firstError: string | undefined;
}

function newRun(seconds: number): SignInRun {
  return { completed: 0, errors: 0, seconds, latencies: [], refreshTokens: [], firstError: undefined };
}

/** Signs `user` in as sign-in `n` and counts it in `run`; answers its refresh token, if it succeeded. */
async function recordSignIn(run: SignInRun, client: IdentityClient, user: BenchUser, n: number) {
  try {
    const { ms, result } = await client.signIn(user, n);
    run.latencies.push(ms);
    run.completed++;
    return result.RefreshToken;
  } catch (error) {
    run.errors++;
    run.firstError ??= error instanceof Error ? error.message : String(error);
    return undefined;
  }
}

/** `loops` clients signing in back to back, over the users in turn, for `seconds`. */
export async function runSignIns(client: IdentityClient, users: BenchUser[], loops: number, seconds: number) {
  const run = newRun(seconds);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let next = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      const n = next++;
      const refreshToken = await recordSignIn(run, client, users[n % users.length]!, n);
      if (refreshToken !== undefined) run.refreshTokens.push(refreshToken);
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/**
 * One client signing in one user after another, a sign-in begun every `1000 / perSecond` ms (at
 * once when the last took longer), for `seconds`: sign-ins as they arrive, with the server idle
 * in between.
 */
export async function runPacedSignIns(client: IdentityClient, users: BenchUser[], perSecond: number, seconds: number) {
  const run = newRun(seconds);
  const started = performance.now();
  for (let n = 0; performance.now() - started < seconds * 1000; n++) {
    const wait = started + (n * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await recordSignIn(run, client, users[n % users.length]!, n);
  }
  run.seconds = (performance.now() - started) / 1000;
  return run;
}
