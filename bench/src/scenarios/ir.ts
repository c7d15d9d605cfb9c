// The ir module, as an IR officer uses it (docs/product/ir.md; decision records 0042, 0043): the
// member lookup over a million members by part of a name, an NRIC as people type it, a member no
// and filters alone; the grievance search over 100,000 cases, first page, free text and filters;
// and one case with its actions.
import { BENCH_IR_OFFICER } from '../identity';
import { bearer, type Scenario } from './scenario';

export const ir: Scenario = {
  name: 'ir',
  run: async (bench) => {
    const { ir: sample } = bench;
    const officer = bearer(await bench.tokenOf(BENCH_IR_OFFICER));
    const members = '/api/ir/members';
    const namePart = sample.name.split(' ')[0]!.slice(0, 5).toLowerCase();
    const rows = [
      ...(await bench.measureBoth(
        `GET /api/ir/members?q= (part of a name: "${namePart}")`,
        `${members}?q=${encodeURIComponent(namePart)}`,
        officer,
      )),
      ...(await bench.measureBoth(
        'GET /api/ir/members?q= (a full name)',
        `${members}?q=${encodeURIComponent(sample.name.toLowerCase())}`,
        officer,
      )),
    ];
    const nric = `${sample.nric.slice(0, 6)}-${sample.nric.slice(6, 8)}-${sample.nric.slice(8)}`;
    rows.push(
      ...(await bench.measureBoth('GET /api/ir/members?q= (an NRIC)', `${members}?q=${nric}`, officer)),
      ...(await bench.measureBoth('GET /api/ir/members?q= (a member no)', `${members}?q=${sample.memberNo}`, officer)),
      ...(await bench.measureBoth(
        'GET /api/ir/members?status=&branch= (filters only)',
        `${members}?status=lapsed&branch=${encodeURIComponent('Johor Bahru')}`,
        officer,
      )),
    );
    const grievances = '/api/ir/grievances';
    rows.push(
      ...(await bench.measureBoth('GET /api/ir/grievances (first page)', grievances, officer)),
      ...(await bench.measureBoth(
        'GET /api/ir/grievances?q= (free text)',
        `${grievances}?q=domestic%20inquiry`,
        officer,
      )),
      ...(await bench.measureBoth(
        'GET /api/ir/grievances?status=&category=',
        `${grievances}?status=0&category=${sample.categoryId}`,
        officer,
      )),
      ...(await bench.measureBoth(
        'GET /api/ir/grievances/:caseNo (a case)',
        `${grievances}/${sample.caseNo}`,
        officer,
      )),
    );
    return rows;
  },
};
