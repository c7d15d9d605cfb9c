// The embedded identity service: SRP sign-ins (two requests and client-side arithmetic each) and
// refreshes, last in the run; and, for `--auth-only`, what authentication costs on its own.
import { benchStaffEmail } from '../generate-leave';
import { BENCH_PASSWORD, runPacedSignIns as runPacedClientSignIns, runSignIns, type SignInRun } from '../identity';
import { percentile, rowOf, type Load, type Row } from '../measure';
import { runPacedSignIns } from '../paced-sign-ins';
import { health } from './health';
import { tokenCheckRow } from './me';
import { bearer, type Bench, type Scenario } from './scenario';

/**
 * SRP sign-ins by `signInLoops` client loops, with /healthz asked beside them (the event loop's
 * responsiveness under sign-in load), then refreshes with the sessions they opened.
 */
async function signInRows(bench: Bench, fallbackRefreshToken: string): Promise<Row[]> {
  const { engine, client, users, duration, signInLoops, signInsPerSecond } = bench;
  const rows: Row[] = [await pacedSignInRow(bench)];
  // The same two requests as the saturating row, first paced as the Amplify row is, then one
  // after another with no pause: between them, what a sign-in costs more when the server was idle
  // before it, and what it costs more when many are under way at once.
  const srpRow = async (load: Load, run: () => Promise<SignInRun>) => {
    const { result, cpuMs } = await bench.withServerCpu(run);
    await bench.settle();
    if (result.firstError) console.log(`[${engine}] first ${load} sign-in error: ${result.firstError}`);
    return rowOf(
      engine,
      'POST /identity InitiateAuth+RespondToAuthChallenge (SRP sign-in)',
      result.latencies,
      result.completed / result.seconds,
      result.errors,
      load,
      cpuMs,
      result.completed,
    );
  };
  rows.push(await srpRow('paced', () => runPacedClientSignIns(client, users, signInsPerSecond, duration)));
  rows.push(await srpRow('sequential', () => runSignIns(client, users, 1, duration)));
  const {
    result: {
      result: { result: signIns, latencies: health },
      loop,
    },
    cpuMs,
  } = await bench.withServerCpu(() =>
    bench.loopDelay(() => bench.probeHealth(runSignIns(client, users, signInLoops, duration))),
  );
  await bench.settle();
  rows.push(
    rowOf(
      engine,
      'POST /identity InitiateAuth+RespondToAuthChallenge (SRP sign-in)',
      signIns.latencies,
      signIns.completed / signIns.seconds,
      signIns.errors,
      'saturating',
      cpuMs,
      signIns.completed,
    ),
    rowOf(
      engine,
      'GET /healthz (one client, during the SRP sign-ins)',
      health,
      health.length / signIns.seconds,
      0,
      'paced',
    ),
  );
  if (signIns.firstError) console.log(`[${engine}] first sign-in error: ${signIns.firstError}`);
  const clientMs = [...client.clientMs].sort((a, b) => a - b);
  bench.notes.push(
    `${engine}: ${signIns.completed} sign-ins; the client's proof took p50 ${percentile(clientMs, 50).toFixed(1)} ms ` +
      `(worker thread, not in the latencies)` +
      (loop
        ? `; the server's event loop came round late by p50 ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms, ` +
          `at most ${loop.max.toFixed(1)} ms meanwhile (sampled every ms in the server)`
        : ''),
  );

  // Refreshes with the sessions the sign-ins opened, each token in turn.
  const refreshTokens = signIns.refreshTokens.length > 0 ? signIns.refreshTokens : [fallbackRefreshToken];
  let nextToken = 0;
  rows.push(
    await bench.measure('POST /identity GetTokensFromRefreshToken (refresh)', {
      url: bench.identity.endpoint,
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              ClientId: bench.identity.clientId,
              RefreshToken: refreshTokens[nextToken++ % refreshTokens.length],
            }),
          }),
        },
      ],
    }),
  );
  return rows;
}

/**
 * Sign-ins one after another, a few a second (`--sign-ins-per-second`), by the real Amplify client
 * with its device confirmation: what a sign-in costs the server as sign-ins really arrive, beside
 * the saturating row, where many at once share what each would pay alone (decision record 0082).
 * The server's CPU while idle over as long a time comes first: what its timers cost a second,
 * which the paced row's figure includes and its note takes out.
 */
async function pacedSignInRow(bench: Bench): Promise<Row> {
  const { engine, users, duration } = bench;
  const amplify = (seconds: number) =>
    runPacedSignIns({
      ...bench.identity,
      emails: users.map((user) => user.email),
      password: BENCH_PASSWORD,
      perSecond: bench.signInsPerSecond,
      seconds,
    });
  // A few first, unmeasured: the server's first sign-ins start its SRP threads and compile its
  // code for them, which no later sign-in pays.
  await amplify(2);
  const idle = await bench.withServerCpu(() => new Promise((resolve) => setTimeout(resolve, duration * 1000)));
  const idlePerSecond = idle.cpuMs / duration;
  const { result: run, cpuMs } = await bench.withServerCpu(() => amplify(duration));
  await bench.settle();
  if (run.firstError) console.log(`[${engine}] first paced sign-in error: ${run.firstError}`);
  const net = run.completed > 0 ? (cpuMs - idlePerSecond * run.seconds) / run.completed : NaN;
  bench.notes.push(
    `${engine}: paced sign-ins (Amplify, with ConfirmDevice; their latency includes the client's arithmetic): ` +
      `the idle server spent ${idlePerSecond.toFixed(1)} ms of CPU a second on its timers; without it, ` +
      `${net.toFixed(1)} ms per sign-in`,
  );
  return rowOf(
    engine,
    'POST /identity InitiateAuth+RespondToAuthChallenge+ConfirmDevice (SRP sign-in, Amplify)',
    run.latencies,
    run.completed / run.seconds,
    run.errors,
    'paced',
    cpuMs,
    run.completed,
  );
}

/**
 * Sign-ins and refreshes, after every other module's rows; the first user's session gives the
 * refreshes a token should no sign-in have opened one.
 */
export const signIns: Scenario = {
  name: 'identity',
  run: async (bench) => signInRows(bench, (await bench.session()).result.RefreshToken),
};

/** `--auth-only`: what authentication costs, beside what the server costs at all (/healthz). */
export const authentication: Scenario = {
  name: 'authentication',
  run: async (bench) => {
    const member = bench.users.find((candidate) => candidate.email === benchStaffEmail(21)) ?? bench.users[0]!;
    const signedIn = await bench.client.signIn(member);
    const rows: Row[] = [];
    rows.push(...(await health.run(bench)));
    rows.push(await tokenCheckRow(bench, bearer(signedIn.result.IdToken)));
    rows.push(...(await signInRows(bench, signedIn.result.RefreshToken)));
    return rows;
  },
};
