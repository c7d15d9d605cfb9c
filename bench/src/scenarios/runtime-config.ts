// The runtime-config module: the configuration every page loads first.
import type { Scenario } from './scenario';

export const runtimeConfig: Scenario = {
  name: 'runtime-config',
  run: async (bench) => [await bench.measure('GET /config.json', { url: `${bench.url}/config.json` })],
};
