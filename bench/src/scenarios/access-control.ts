// The access-control module: its accounts list.
import type { Scenario } from './scenario';

export const accessControl: Scenario = {
  name: 'access-control',
  run: async (bench) => {
    const { admin } = await bench.people();
    // Access control's accounts list, first page and a search, over every identity account of the
    // demo size (2,000 at the large size; decision record 0037: a snapshot read per replica).
    return [
      ...(await bench.measureBoth(
        'GET /api/access-control/accounts (first page)',
        '/api/access-control/accounts',
        admin,
      )),
      ...(await bench.measureBoth(
        'GET /api/access-control/accounts?search=&department=',
        '/api/access-control/accounts?search=bench-staff-1&department=HR',
        admin,
      )),
    ];
  },
};
