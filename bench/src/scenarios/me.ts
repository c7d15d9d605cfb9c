// The me module: the least an authenticated API call costs.
import type { Row } from '../measure';
import type { Bench, Scenario } from './scenario';

/**
 * The token checked (signature, then its session in the identity tables), no other query: the
 * rows of the other modules cannot be faster than this.
 */
export async function tokenCheckRow(bench: Bench, headers: Record<string, string>): Promise<Row> {
  return bench.measure('GET /api/me (token check only)', { url: `${bench.url}/api/me`, headers });
}

export const me: Scenario = {
  name: 'me',
  run: async (bench) => [await tokenCheckRow(bench, (await bench.people()).member)],
};
