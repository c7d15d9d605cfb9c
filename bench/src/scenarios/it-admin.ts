// The it-admin module: the activity explorer.
import type { Scenario } from './scenario';

export const itAdmin: Scenario = {
  name: 'it-admin',
  run: async (bench) => {
    const { admin } = await bench.people();
    // The IT admin activity explorer over the log's and the audit trail's entries (600,000 at
    // the large size): its first page, and each filter (decision record 0038).
    const activity = '/api/it-admin/activity';
    const rows = [
      ...(await bench.measureBoth('GET /api/it-admin/activity (first page)', activity, admin)),
      ...(await bench.measureBoth(
        'GET /api/it-admin/activity?user= (an e-mail)',
        `${activity}?user=bench-admin-3%40`,
        admin,
      )),
      ...(await bench.measureBoth(
        'GET /api/it-admin/activity?area=&action=',
        `${activity}?area=leave-admin&action=entitlement.set`,
        admin,
      )),
    ];
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    rows.push(
      ...(await bench.measureBoth(
        'GET /api/it-admin/activity?from=&to= (a day)',
        `${activity}?from=${monthAgo}&to=${monthAgo}`,
        admin,
      )),
      ...(await bench.measureBoth(
        'GET /api/it-admin/activity?q= (free text)',
        `${activity}?q=bench-staff-4242`,
        admin,
      )),
    );
    return rows;
  },
};
