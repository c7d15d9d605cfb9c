// The home module: the home page in one request (docs/product/screens.md §2), for each reader.
import { measureReaders, type Scenario } from './scenario';

export const home: Scenario = {
  name: 'home',
  run: async (bench) => {
    const readers = await bench.readers();
    return measureReaders(bench, `GET /api/home (${readers.length} readers)`, '/api/home');
  },
};
