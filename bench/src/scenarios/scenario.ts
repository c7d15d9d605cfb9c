// The shape every scenario of the bench has (one file per module in this folder), and what it is
// given: the running server of one engine, its measures, the bench's users and data.
import type { irSamples } from '../generate';
import type { BenchUser, IdentityClient, SignInTimes } from '../identity';
import type { Measures, Row } from '../measure';

/** Request headers: `authorization: Bearer <token>`, with others where a request needs them. */
type RequestHeaders = Record<string, string>;

export const bearer = (token: string): RequestHeaders => ({ authorization: `Bearer ${token}` });

/** What a scenario is given: one engine's running server and what the bench loaded into it. */
export interface Bench extends Measures {
  engine: string;
  /** The server's address, `http://127.0.0.1:<port>`. */
  url: string;
  connections: number;
  /** Seconds per row. */
  duration: number;
  /** Client loops of the saturating SRP sign-in row. */
  signInLoops: number;
  /** Sign-ins begun a second in the paced sign-in rows. */
  signInsPerSecond: number;
  client: IdentityClient;
  users: BenchUser[];
  identity: { endpoint: string; userPoolId: string; clientId: string };
  /**
   * The leave requests still pending, by reference: a scenario that decides some takes them out
   * (a decision is measured on a request still pending, each once; decision record 0022).
   */
  pending: string[];
  /** A member and a case of the IR data to look up. */
  ir: Awaited<ReturnType<typeof irSamples>>;
  /** Notes printed under the table (what the client spent, the idle server). */
  notes: string[];
  /** The id token of bench user `n`, signed in now. */
  tokenOf: (n: number) => Promise<string>;
  /** The first bench user's session, signed in when first asked for (before the first row). */
  session: () => Promise<SignInTimes>;
  /**
   * Leave's three people, signed in when first asked for: a member of staff, their team's
   * approver, and an HR admin (who may decide any request).
   */
  people: () => Promise<{ member: RequestHeaders; approver: RequestHeaders; admin: RequestHeaders }>;
  /** As many readers as connections, each signed in, when first asked for. */
  readers: () => Promise<RequestHeaders[]>;
}

/** A module's rows: measured in order on the running server, and answered in that order. */
export interface Scenario {
  /** The module it measures. */
  name: string;
  run: (bench: Bench) => Promise<Row[]>;
}

/**
 * A row measured over the readers in turn (`bench.readers()`), saturating then paced. Readers'
 * lists and Home are each kept per reader until something changes (decision record 0059), so one
 * reader asking again and again would measure only the kept answer: these rows rotate over as
 * many readers as there are connections, each signed in, as the budget's 50 people opening their
 * own lists would be. The paced row's first answer to each reader is worked out.
 */
export async function measureReaders(bench: Bench, endpoint: string, path: string): Promise<Row[]> {
  const readers = await bench.readers();
  let nextReader = 0;
  const reader = () => readers[nextReader++ % readers.length]!;
  return [
    await bench.measure(endpoint, {
      url: `${bench.url}${path}`,
      requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...reader() } }) }],
    }),
    await bench.measurePaced(endpoint, () => ({ path, headers: reader() })),
  ];
}
