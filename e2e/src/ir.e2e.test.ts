import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { fillDate } from './dates';
import { expect, useSession } from './harness';
import { idTokenOf } from './leave-api';
import { CERTIFICATE } from './leave-steps';
import { checkScreens } from './screens';

const IR = '/shared/industrial-relations';
const MEMBER_LOOKUP = `${IR}/member-lookup`;
const GRIEVANCES = `${IR}/grievances`;

/** A demo member whose name has an accent (apps/server/src/seed/demo-ir.ts). */
const JOSE = { name: 'José de Souza', memberNo: 'E0000001', nric: '760412-04-5013' };

/** Today in the organisation's time zone (the e2e server keeps the default, Asia/Kuala_Lumpur). */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

async function searchMembers(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Name, member no or NRIC' });
  await box.fill(text);
  return page.getByRole('table', { name: 'Members' });
}

/**
 * The IR area (docs/product/screens.md §10–§12, docs/product/ir.md) as its users work in it: an
 * IR officer finds a member by part of a name and by NRIC, opens a case for them, adds an action
 * with a PDF and closes it; an IR admin reopens it and gives it to another officer, who is told by
 * e-mail. Everyone outside IR is refused.
 */
describe('Industrial relations', () => {
  // Small import batches, so a member import of a few thousand rows writes many progress lines
  // (decision record 0076); nothing else in this file imports more than one batch.
  const { session, openAs: as } = useSession({ env: { IR_IMPORT_BATCH_SIZE: '25' } });

  it('an officer finds a member, opens a case, adds an action with a PDF and closes it; an IR admin reopens and reassigns it', async () => {
    let page = await as(accounts.IR, IR);
    await page
      .getByRole('link', { name: /Member Lookup/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Member Lookup', level: 1 }).waitFor();

    // Part of a name, without its accent and in lower case.
    let members = await searchMembers(page, 'jose de');
    await members.getByRole('row').filter({ hasText: JOSE.name }).first().waitFor();
    // How many were found (docs/product/screens.md §10).
    await page.getByText(/^1–\d+ of \d+$/).waitFor();
    await checkScreens(page, 'ir-member-lookup');
    // The NRIC as people type it, with dashes: the same member, and the IR officer sees it whole.
    members = await searchMembers(page, JOSE.nric);
    const row = members.getByRole('row').filter({ hasText: JOSE.memberNo });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(JOSE.nric);
    await row.getByRole('link').first().click();

    await page.getByRole('heading', { name: JOSE.name }).waitFor();
    await page.getByText(JOSE.nric).first().waitFor();
    await checkScreens(page, 'ir-member');

    // A new case for him.
    await page.getByRole('button', { name: 'Open a new case' }).click();
    const opening = page.getByRole('dialog');
    await opening.getByLabel(/^Subject/).fill('Transferred to Kuantan without notice');
    await opening.getByRole('combobox', { name: /^Category/ }).selectOption({ label: 'Transfer' });
    await opening.getByRole('combobox', { name: /^Contact method/ }).selectOption({ label: 'APPOINTMENT' });
    await opening
      .getByLabel(/^Description/)
      .fill('The member was told on Friday to report to the Kuantan branch on Monday, with no transfer letter.');
    await opening.getByRole('button', { name: 'Open case' }).click();
    const opened = page.getByText(/^Case GRV\d{9,} opened\.$/);
    await opened.waitFor();
    const caseNo = /GRV\d{9,}/.exec((await opened.textContent()) ?? '')![0];
    await page.getByRole('heading', { name: new RegExp(caseNo) }).waitFor();
    // Its first action is the Initial Case Fact, with the description.
    await page.getByText('Initial Case Fact').first().waitFor();

    // An action with a letter in PDF.
    await page.getByRole('button', { name: 'Add action' }).click();
    const action = page.getByRole('dialog');
    await action.getByRole('combobox', { name: /^Action type/ }).selectOption({ label: 'Action By Officer' });
    await fillDate(action.getByLabel(/^Date/), today());
    await action.getByLabel(/^What was done/).fill('Wrote to the employer asking for the transfer letter.');
    await action
      .getByLabel(/^Attachments/)
      .setInputFiles({ name: 'letter-to-employer.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE });
    await action.getByRole('button', { name: 'Add action' }).click();
    await page.getByText(`Action added to ${caseNo}.`).waitFor();
    // On the timeline (the dialog, closing, still holds the text in its field).
    await page.locator('#main-content').getByText('Wrote to the employer asking for the transfer letter.').waitFor();
    await page.getByRole('button', { name: /letter-to-employer\.pdf/ }).waitFor();
    await checkScreens(page, 'ir-case');

    // Closed with its outcome.
    await page.getByRole('button', { name: 'Close case' }).click();
    const closing = page.getByRole('dialog');
    await closing.getByLabel(/^Outcome/).fill('The employer withdrew the transfer.');
    await closing.getByRole('button', { name: 'Close case' }).click();
    await page.getByText(`Case ${caseNo} closed.`).waitFor();
    await page.getByText('CASE CLOSED').first().waitFor();
    // Only an IR admin reopens or reassigns.
    expect(await page.getByRole('button', { name: 'Reopen case' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reassign officer' }).count()).toBe(0);

    // The case is found in the grievance search by its number.
    page = await as(accounts.IRAdmin, `${GRIEVANCES}?caseNo=${caseNo}`);
    const cases = page.getByRole('table', { name: 'Grievance cases' });
    await cases.getByRole('row').filter({ hasText: caseNo }).waitFor();
    await checkScreens(page, 'ir-grievances');
    await cases.getByRole('row').filter({ hasText: caseNo }).getByRole('link').first().click();

    await page.getByRole('button', { name: 'Reopen case' }).click();
    const reopening = page.getByRole('dialog');
    await reopening.getByLabel(/^Reason/).fill('The member was transferred again a week later.');
    await reopening.getByRole('button', { name: 'Reopen case' }).click();
    await page.getByText(`Case ${caseNo} reopened.`).waitFor();
    await page.getByText('PENDING').first().waitFor();

    await page.getByRole('button', { name: 'Reassign officer' }).click();
    const reassigning = page.getByRole('dialog');
    const officer = reassigning.getByRole('combobox', { name: /^Officer/ });
    const lim = (await officer.locator('option', { hasText: 'Lim Wei Jie' }).textContent()) ?? '';
    await officer.selectOption({ label: lim });
    await reassigning.getByRole('button', { name: 'Reassign' }).click();
    await page.getByText(`Case ${caseNo} is now with Lim Wei Jie.`).waitFor();
    // docs/product/ir.md §3: the case is pending, and its timeline keeps the closing with its
    // outcome, the reopening with its reason, and the change of officer.
    const timeline = page.getByRole('list', { name: 'Actions' });
    await timeline.getByRole('listitem').filter({ hasText: 'Officer changed' }).waitFor();
    const entries = await timeline.getByRole('listitem').allTextContents();
    expect(entries.slice(-3)).toEqual([
      expect.stringMatching(/^Case closed.*Outcome: The employer withdrew the transfer\.$/),
      expect.stringMatching(/^Case reopened.*Reason: The member was transferred again a week later\.$/),
      expect.stringMatching(/^Officer changed.*From .* to Lim Wei Jie\.$/),
    ]);
    expect(await page.getByRole('region', { name: 'Case facts' }).textContent()).not.toContain(
      'The employer withdrew the transfer.',
    );
    await checkScreens(page, 'ir-case-history');
    // The new officer is told by e-mail: the message is in the outbox, as IT admin sees it.
    const itAdmin = await idTokenOf(session.server.url, accounts.ITAdmin);
    const outbox = async () => {
      const response = await fetch(`${session.server.url}/api/it-admin/outbox?recipient=${accounts.IRAdmin}`, {
        headers: { authorization: `Bearer ${itAdmin}` },
      });
      const body = (await response.json()) as { items: { subject: string }[] };
      return body.items.filter((message) => message.subject.includes(caseNo)).length;
    };
    await expect.poll(outbox).toBeGreaterThan(0);
    expect(session.errors).toEqual([]);
  });

  it('an IR admin adds a category, sees the workload and imports members from a CSV with one bad row', async () => {
    const page = await as(accounts.IRAdmin, `${IR}/ir-admin`);
    await page.getByRole('heading', { name: 'IR Admin', level: 1 }).waitFor();

    // A new category, at once in the list.
    await page.getByRole('textbox', { name: /^New category name/ }).fill('Occupational safety');
    await page.getByRole('button', { name: 'Add a category' }).click();
    await page.getByText('Category Occupational safety added.').waitFor();
    const categories = page.getByRole('table', { name: 'Grievance categories' });
    await categories.getByRole('row').filter({ hasText: 'Occupational safety' }).waitFor();

    // The officers' workload, as numbers beside the charts.
    await page.getByRole('tab', { name: 'Officers' }).click();
    const workload = page.getByRole('table', { name: 'Open cases per officer and by age' });
    await workload.getByRole('row').filter({ hasText: 'Lim Wei Jie' }).waitFor();
    // The charts come in their own chunk; drawn once their bars are there.
    await page.getByText('Open cases per officer', { exact: true }).waitFor();
    await page.locator('figure svg rect').first().waitFor();
    await checkScreens(page, 'ir-admin-officers');

    // Three members, one of them with an NRIC that is not one: the preview names its row.
    await page.getByRole('tab', { name: 'Import members' }).click();
    const csv = [
      'memberNo,name,nric,gender,dateOfBirth,employer,branch,position,status,joinDate,phone,email,address',
      'T0000001,Siti Hajar binti Osman,880512-10-5566,F,1988-05-12,Maybank,Shah Alam,Clerk,active,2012-03-01,,,',
      'T0000002,Wong Kah Wai,900101-14-7788,M,1990-01-01,CIMB Bank,Ipoh,Teller,active,2015-07-15,,,',
      'T0000003,Arjun a/l Kumar,not-an-nric,M,1985-09-09,Public Bank,Klang,Officer,active,2010-01-04,,,',
    ].join('\n');
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('Rows: 3. New members: 2. Updates of existing members: 0. Rows with problems: 1.').waitFor();
    const problems = page.getByRole('table', { name: 'Problems by row' });
    await problems.getByRole('row').filter({ hasText: 'nric' }).waitFor();
    await checkScreens(page, 'ir-admin-import-preview');
    const report = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the error report' }).click();
    const reportText = await (await report).createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(reportText).toContain(',nric,');

    await page.getByRole('button', { name: 'Import the valid rows' }).click();
    await page.getByText('Imported. New members: 2. Updated: 0. Refused: 1.').waitFor();

    // A file saved as Windows-1252 (é is the one byte 0xE9) is read as UTF-8 first: the preview
    // warns, and the file is read again as the admin chooses (docs/product/screens.md §12).
    const ansi = [
      'memberNo,name,nric,gender,dateOfBirth,employer,branch,position,status,joinDate,phone,email,address',
      'T0000004,Ren\u00e9e Fernandez,830930-04-5199,F,1983-09-30,Maybank,Melaka,Clerk,Active,2012-01-02,,,',
    ].join('\r\n');
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'ansi.csv', mimeType: 'text/csv', buffer: Buffer.from(ansi, 'latin1') });
    await page.getByText('Some text in the file looks wrongly encoded', { exact: false }).waitFor();
    await page.getByText('Row 2, name: “Ren\uFFFDe Fernandez”').waitFor();
    await checkScreens(page, 'ir-admin-import-encoding');
    await page.getByRole('combobox', { name: 'The file’s encoding' }).selectOption('windows-1252');
    await page.getByText('Rows: 1. New members: 1. Updates of existing members: 0. Rows with problems: 0.').waitFor();
    expect(await page.getByText('Some text in the file looks wrongly encoded', { exact: false }).count()).toBe(0);

    // The new members are found at once.
    await page.goto(
      new URL(`${MEMBER_LOOKUP}?q=${encodeURIComponent('siti hajar osman')}`, session.server.url).toString(),
    );
    await page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: 'T0000001' }).waitFor();
    expect(session.errors).toEqual([]);
  });

  it("moves the import's progress bar as the server writes each batch (decision record 0076)", async () => {
    const page = await as(accounts.IRAdmin, `${IR}/ir-admin?tab=import`);
    await page.getByRole('heading', { name: 'IR Admin', level: 1 }).waitFor();
    const count = 3000;
    const lines = Array.from({ length: count }, (_, index) => {
      const n = String(index + 1).padStart(6, '0');
      return `P${n},Progress Member ${index + 1},800101${n},F,1980-01-01,Maybank,Ipoh,Clerk,active,2010-01-01,,,`;
    });
    const csv = [
      'memberNo,name,nric,gender,dateOfBirth,employer,branch,position,status,joinDate,phone,email,address',
      ...lines,
    ].join('\n');
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText(`Rows: ${count}. New members: ${count}.`, { exact: false }).waitFor();
    // Every figure the bar's label shows, from the click to the end, as the page renders it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const label = document.getElementById('ir-import-progress')?.textContent;
        if (label && seen.at(-1) !== label) seen.push(label);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Import the valid rows' }).click();
    await page.getByText(`Imported. New members: ${count}. Updated: 0. Refused: 0.`).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    const done = seen.map((label) => Number(/Importing… ([\d,]+) of/.exec(label)?.[1]?.replace(/,/g, '')));
    // The bar stood at figures between nothing and everything, each further on than the last:
    // the lines reached the page as the batches were written, not all at the end.
    const between = done.filter((figure) => figure > 0 && figure < count);
    expect(between.length).toBeGreaterThan(3);
    expect([...between].sort((a, b) => a - b)).toEqual(between);
    expect(session.errors).toEqual([]);
  });

  it('an IT admin sees a member with the NRIC masked and the date of birth hidden, and shows both; cannot search by NRIC', async () => {
    const page = await as(accounts.ITAdmin, MEMBER_LOOKUP);
    await page.getByRole('heading', { name: 'Member Lookup', level: 1 }).waitFor();
    // docs/product/ir.md §1: an NRIC would tell whether that person is a member.
    await searchMembers(page, JOSE.nric);
    await page
      .getByRole('search', { name: 'Search members' })
      .getByText('Searching by NRIC is for the IR departments, who see NRICs in full: search by name or member no.')
      .waitFor();
    const members = await searchMembers(page, 'jose de');
    const row = members.getByRole('row').filter({ hasText: JOSE.memberNo });
    await expect.poll(() => row.textContent()).toContain('XXXXXX-XX-5013');
    await row.getByRole('link').first().click();
    await page.getByRole('heading', { name: JOSE.name, level: 1 }).waitFor();
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText('XXXXXX-XX-5013').waitFor();
    await profile.getByText('Hidden with the NRIC, which starts with it').waitFor();
    expect(await profile.textContent()).not.toContain('1976');
    await checkScreens(page, 'ir-member-masked');
    await profile.getByRole('button', { name: 'Show NRIC' }).click();
    await profile.getByText(JOSE.nric).waitFor();
    await profile.getByText('12 Apr 1976').waitFor();
    // The refused search is the one 400 the browser logs.
    expect(session.errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  it.each([
    ['HR', accounts.HR],
    ['HRAdmin', accounts.HRAdmin],
    ['the organisation', accounts.UNION],
  ])('is refused to %s on every IR page', async (_who, email) => {
    for (const path of [MEMBER_LOOKUP, `${MEMBER_LOOKUP}/${JOSE.memberNo}`, GRIEVANCES, `${IR}/ir-admin`]) {
      const page = await as(email, path);
      await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    }
  });
});
