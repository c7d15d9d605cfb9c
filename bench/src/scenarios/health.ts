// The health module: what the server costs at all, no database and no token.
import type { Scenario } from './scenario';

export const health: Scenario = {
  name: 'health',
  run: async (bench) => [await bench.measure('GET /healthz', { url: `${bench.url}/healthz` })],
};
