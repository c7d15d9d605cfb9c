// The staff-records module: the HR admin's staff search.
import type { Scenario } from './scenario';

export const staffRecords: Scenario = {
  name: 'staff-records',
  run: async (bench) => {
    const { admin } = await bench.people();
    // The HR admin's staff search: a name fragment most staff match, within one department.
    return bench.measureBoth(
      'GET /api/leave/admin/staff?search=&department=',
      '/api/leave/admin/staff?search=staff%201&department=STAFF',
      admin,
    );
  },
};
