// The staff-movement module: the staff movement page's week.
import { benchDepartmentOf } from '../generate-leave';
import type { Scenario } from './scenario';

export const staffMovement: Scenario = {
  name: 'staff-movement',
  run: async (bench) => {
    const { member } = await bench.people();
    // The staff movement page's week (Monday to Sunday, this week) for the member's department.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const sunday = new Date(monday.getTime() + 6 * 86_400_000);
    const week = `from=${monday.toISOString().slice(0, 10)}&to=${sunday.toISOString().slice(0, 10)}`;
    return bench.measureBoth(
      'GET /api/leave/movement (a department, one week)',
      `/api/leave/movement?${week}&department=${benchDepartmentOf(21)}`,
      member,
    );
  },
};
