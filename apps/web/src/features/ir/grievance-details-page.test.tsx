import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { enterText } from '../../test/enter-text';
import { stubIrApi } from '../../test/ir-api-double';
import { DISMISSAL, FARAH, irAdmin, irOfficer, itAdmin, KEVIN, RAJ, SITI } from '../../test/ir-fixtures';
import { casePath, memberPath } from './paths';
import { renderIr, where } from './test/render-ir';

const downloaded: Blob[] = [];
beforeEach(() => {
  downloaded.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    downloaded.push(blob);
    return 'blob:file';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

/** The double, with one pending case of Siti's opened by Farah (GRV202600001). */
function withCase(options: { callerId: string; canAdminister?: boolean; seesFullNric?: boolean }) {
  const api = stubIrApi(options);
  api.seedCase({
    memberNo: SITI.memberNo,
    subject: 'Unpaid overtime',
    categoryId: DISMISSAL.id,
    description: 'Six months of overtime unpaid.',
    contactMethod: 1,
    officerId: FARAH.id,
    openedOn: '2026-10-01',
  });
  return api;
}

const CASE = 'GRV202600001';
const facts = () => screen.getByRole('region', { name: 'Case facts' });
const heading = () => screen.findByRole('heading', { level: 1, name: `${CASE}: Unpaid overtime` });

describe('ViewGrievanceDetailsPage', () => {
  it('shows the case facts with the seed texts, and its timeline', async () => {
    withCase({ callerId: FARAH.id });
    renderIr(casePath(CASE.toLowerCase()), irOfficer);
    await heading();
    expect(facts()).toHaveTextContent('PENDING');
    expect(facts()).toHaveTextContent('APPOINTMENT');
    expect(facts()).toHaveTextContent(DISMISSAL.name);
    expect(facts()).toHaveTextContent('01 Oct 2026');
    expect(within(facts()).getByRole('link', { name: `${SITI.name} (M0012345)` })).toHaveAttribute(
      'href',
      memberPath('M0012345'),
    );
    const timeline = screen.getByRole('list', { name: 'Actions' });
    expect(within(timeline).getByRole('heading', { level: 3 })).toHaveTextContent('Initial Case Fact');
    expect(timeline).toHaveTextContent('Six months of overtime unpaid.');
    expect(timeline).toHaveTextContent(`by ${FARAH.name}`);
  });

  it('an IR officer adds actions and closes, but neither reopens nor reassigns', async () => {
    const user = userEvent.setup();
    withCase({ callerId: FARAH.id });
    renderIr(casePath(CASE), irOfficer);
    await heading();
    expect(screen.queryByRole('button', { name: 'Reassign officer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close case' }));
    const form = await screen.findByRole('dialog', { name: `Close ${CASE}` });
    // The outcome is required.
    await user.click(within(form).getByRole('button', { name: 'Close case' }));
    expect(await within(form).findByText('This is required.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Outcome' }), 'Settled with the employer.');
    await user.click(within(form).getByRole('button', { name: 'Close case' }));
    await waitFor(() => expect(facts()).toHaveTextContent('CASE CLOSED'));
    expect(await screen.findByText(`Case ${CASE} closed.`)).toBeInTheDocument();
    // The Close button is gone with the dialog: the focus goes to the case's facts, not lost.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Case facts' })).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add action' })).not.toBeInTheDocument();
  });

  it('adds an action with a file, closes the case, and the member’s cases list it closed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    // An ITAdmin, as in the member page's journey that opened the case (member-details-page.test.tsx).
    const api = withCase({ callerId: itAdmin.id, seesFullNric: false, canAdminister: true });
    renderIr(casePath(CASE), itAdmin);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add action' }));
    const actionForm = await screen.findByRole('dialog', { name: 'Add an action to GRV202600001' });
    await user.selectOptions(within(actionForm).getByRole('combobox', { name: 'Action type' }), 'Action By Branch');
    await enterText(user, within(actionForm).getByRole('textbox', { name: 'What was done' }), 'Branch wrote to HR.');
    await user.upload(
      within(actionForm).getByLabelText('Attachments'),
      new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(actionForm).getByRole('button', { name: 'Add action' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.callsTo('POST', '/ir/grievances/GRV202600001/actions')[0]!.body as FormData;
    expect(sent.get('type')).toBe('2');
    expect(sent.get('text')).toBe('Branch wrote to HR.');
    expect((sent.getAll('attachments') as File[]).map((file) => file.name)).toEqual(['letter.pdf']);
    const timeline = within(await screen.findByRole('list', { name: 'Actions' }));
    await waitFor(() => expect(timeline.getAllByRole('heading', { level: 3 })).toHaveLength(2));
    expect(screen.getByText('Action By Branch')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download letter.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close case' }));
    const closeForm = await screen.findByRole('dialog', { name: 'Close GRV202600001' });
    await enterText(user, within(closeForm).getByRole('textbox', { name: 'Outcome' }), 'Paid in full.');
    await user.click(within(closeForm).getByRole('button', { name: 'Close case' }));
    await waitFor(() => expect(facts()).toHaveTextContent('CASE CLOSED'));
    expect(facts()).toHaveTextContent('Paid in full.');
    expect(screen.queryByRole('button', { name: 'Add action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close case' })).not.toBeInTheDocument();
    // An admin may reopen it; it keeps its officer until then (docs/product/ir.md §2).
    expect(screen.getByRole('button', { name: 'Reopen case' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reassign officer' })).not.toBeInTheDocument();

    // The member's cases now list it.
    await user.click(screen.getByRole('link', { name: `${SITI.name} (M0012345)` }));
    const cases = await screen.findByRole('table', { name: 'Grievance cases of this member' });
    expect(within(cases).getByRole('link', { name: 'Open case GRV202600001' })).toBeInTheDocument();
    expect(cases).toHaveTextContent('CASE CLOSED');
  });

  it('tells an officer on a closed case that an IR admin can reopen it', async () => {
    const api = withCase({ callerId: FARAH.id });
    api.seedClose(CASE, 'Settled.');
    renderIr(casePath(CASE), irOfficer);
    await heading();
    expect(screen.getByText('This case is closed. An IR administrator can reopen it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen case' })).not.toBeInTheDocument();
  });

  it('will not reassign a case to the officer who has it', async () => {
    const user = userEvent.setup();
    const api = withCase({ callerId: KEVIN.id, canAdminister: true });
    renderIr(casePath(CASE), irAdmin);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Reassign officer' }));
    const reassign = await screen.findByRole('dialog', { name: `Reassign ${CASE}` });
    const officer = within(reassign).getByRole('combobox', { name: 'Officer' });
    await waitFor(() => expect(officer).toHaveDisplayValue(`${FARAH.name} (1 open case)`));
    expect(within(reassign).getByRole('button', { name: 'Reassign' })).toBeDisabled();
    expect(
      within(reassign).getByText(`${FARAH.name} has the case already: choose another officer.`),
    ).toBeInTheDocument();
    await user.selectOptions(officer, KEVIN.id);
    expect(within(reassign).getByRole('button', { name: 'Reassign' })).toBeEnabled();
    await user.selectOptions(officer, FARAH.id);
    expect(within(reassign).getByRole('button', { name: 'Reassign' })).toBeDisabled();
    expect(api.callsTo('PUT', `/ir/grievances/${CASE}/officer`)).toHaveLength(0);
  });

  it('an IR admin reopens a closed case with a reason, then reassigns its officer', async () => {
    const user = userEvent.setup();
    const api = withCase({ callerId: KEVIN.id, canAdminister: true });
    api.seedClose(CASE, 'Withdrawn by the member.');
    renderIr(casePath(CASE), irAdmin);
    await heading();
    expect(facts()).toHaveTextContent('CASE CLOSED');
    expect(facts()).toHaveTextContent('Withdrawn by the member.');
    // A closed case keeps its officer until it is reopened (docs/product/ir.md §2).
    expect(screen.queryByRole('button', { name: 'Reassign officer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen case' }));
    const reopen = await screen.findByRole('dialog', { name: `Reopen ${CASE}` });
    expect(within(reopen).getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.click(within(reopen).getByRole('button', { name: 'Reopen case' }));
    expect(await within(reopen).findByText('This is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/ir/grievances/${CASE}/reopen`)).toHaveLength(0);
    await user.type(within(reopen).getByRole('textbox', { name: 'Reason' }), 'The employer did not pay.');
    await user.click(within(reopen).getByRole('button', { name: 'Reopen case' }));
    await waitFor(() => expect(facts()).toHaveTextContent('PENDING'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Case facts' })).toHaveFocus());
    expect(api.callsTo('POST', `/ir/grievances/${CASE}/reopen`)[0]!.body).toEqual({
      reason: 'The employer did not pay.',
    });
    expect(screen.getByRole('button', { name: 'Add action' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen case' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reassign officer' }));
    const reassign = await screen.findByRole('dialog', { name: `Reassign ${CASE}` });
    const officer = within(reassign).getByRole('combobox', { name: 'Officer' });
    await waitFor(() => expect(officer).toHaveDisplayValue(`${FARAH.name} (1 open case)`));
    await user.selectOptions(officer, KEVIN.id);
    await user.click(within(reassign).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(facts()).toHaveTextContent(KEVIN.name));
    expect(api.callsTo('PUT', `/ir/grievances/${CASE}/officer`)[0]!.body).toEqual({ officerId: KEVIN.id });
    expect(await screen.findByText(`Case ${CASE} is now with ${KEVIN.name}.`)).toBeInTheDocument();
  });

  it('keeps every closing, reopening and change of officer on the timeline (docs/product/ir.md §3)', async () => {
    const user = userEvent.setup();
    const api = withCase({ callerId: KEVIN.id, canAdminister: true });
    api.seedClose(CASE, 'Withdrawn by the member.', '2026-11-20');
    renderIr(casePath(CASE), irAdmin);
    await heading();
    const entries = () =>
      within(screen.getByRole('list', { name: 'Actions' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(entries()).toEqual([
      expect.stringContaining('Initial Case Fact'),
      expect.stringMatching(/^Case closed20 Nov 2026by .*Outcome: Withdrawn by the member\.$/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Reopen case' }));
    const reopen = await screen.findByRole('dialog', { name: `Reopen ${CASE}` });
    await user.type(within(reopen).getByRole('textbox', { name: 'Reason' }), 'The employer did not pay.');
    await user.click(within(reopen).getByRole('button', { name: 'Reopen case' }));
    await waitFor(() => expect(facts()).toHaveTextContent('PENDING'));
    // The case shows its state now; the closing and its outcome stay on the timeline.
    expect(facts()).not.toHaveTextContent('Withdrawn by the member.');
    await user.click(screen.getByRole('button', { name: 'Reassign officer' }));
    const reassign = await screen.findByRole('dialog', { name: `Reassign ${CASE}` });
    await user.selectOptions(within(reassign).getByRole('combobox', { name: 'Officer' }), KEVIN.id);
    await user.click(within(reassign).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(entries()).toHaveLength(4));
    expect(entries().slice(1)).toEqual([
      expect.stringContaining('Outcome: Withdrawn by the member.'),
      `Case reopened26 Nov 2026by ${KEVIN.name}Reason: The employer did not pay.`,
      `Officer changed26 Nov 2026by ${KEVIN.name}From ${FARAH.name} to ${KEVIN.name}.`,
    ]);
  });

  it('says what is wrong with a date typed right: after today, or before the case was opened', async () => {
    const user = userEvent.setup();
    const api = withCase({ callerId: FARAH.id });
    renderIr(casePath(CASE), irOfficer);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add action' }));
    const action = await screen.findByRole('dialog', { name: `Add an action to ${CASE}` });
    await user.selectOptions(within(action).getByRole('combobox', { name: 'Action type' }), 'Action By Officer');
    await user.type(within(action).getByRole('textbox', { name: 'What was done' }), 'Called the member.');
    const date = within(action).getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, '01012999');
    await user.click(within(action).getByRole('button', { name: 'Add action' }));
    expect(await within(action).findByText('This date cannot be after today.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '30/09/2026');
    await user.click(within(action).getByRole('button', { name: 'Add action' }));
    expect(
      await within(action).findByText('This date cannot be before the case was opened on 01 Oct 2026.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/ir/grievances/${CASE}/actions`)).toHaveLength(0);
    await user.click(within(action).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Close case' }));
    const close = await screen.findByRole('dialog', { name: `Close ${CASE}` });
    await user.type(within(close).getByRole('textbox', { name: 'Outcome' }), 'Settled.');
    await user.type(within(close).getByRole('textbox', { name: 'Closed on' }), '30-09-2026');
    await user.click(within(close).getByRole('button', { name: 'Close case' }));
    expect(
      await within(close).findByText('This date cannot be before the case was opened on 01 Oct 2026.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/ir/grievances/${CASE}/close`)).toHaveLength(0);
  });

  it('checks an action’s files before sending: type, size and at most five', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const api = withCase({ callerId: FARAH.id });
    renderIr(casePath(CASE), irOfficer);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add action' }));
    const form = await screen.findByRole('dialog', { name: `Add an action to ${CASE}` });
    expect(within(form).getByRole('combobox', { name: 'Action type' })).toHaveFocus();
    // Only the later action types: opening a case writes the Initial Case Fact.
    expect(
      within(within(form).getByRole('combobox', { name: 'Action type' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', 'Action By Officer', 'Action By Branch', 'Action By Member']);

    await user.click(within(form).getByRole('button', { name: 'Add action' }));
    expect(await within(form).findAllByText('This is required.')).toHaveLength(2);

    const picker = within(form).getByLabelText('Attachments');
    await user.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(form).getByText('notes.txt is not a PDF, JPEG or PNG file.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove notes.txt' }));
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' });
    await user.upload(picker, big);
    expect(within(form).getByText('scan.png is larger than 5 MB.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove scan.png' }));
    const photos = Array.from(
      { length: 6 },
      (_, index) => new File(['jpeg'], `photo-${index}.jpg`, { type: 'image/jpeg' }),
    );
    await user.upload(picker, photos);
    expect(within(form).getByText('Attach at most 5 files.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Action type' }), 'Action By Member');
    await user.type(within(form).getByRole('textbox', { name: 'What was done' }), 'Member sent photos.');
    await user.click(within(form).getByRole('button', { name: 'Add action' }));
    expect(within(form).getByText('Attach at most 5 files.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/ir/grievances/${CASE}/actions`)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Remove photo-5.jpg' }));
    await user.click(within(form).getByRole('button', { name: 'Add action' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.callsTo('POST', `/ir/grievances/${CASE}/actions`)[0]!.body as FormData;
    expect(sent.getAll('attachments')).toHaveLength(5);
    expect(sent.get('type')).toBe('3');

    // Each file downloads from the IR API.
    await user.click(await screen.findByRole('button', { name: 'Download photo-0.jpg' }));
    await waitFor(() => expect(downloaded).toHaveLength(1));
    expect(downloaded[0]!.size).toBe('jpeg'.length);
    expect(api.calls.at(-1)!.path).toMatch(new RegExp(`^/ir/grievances/${CASE}/attachments/file-`));
  });

  it('says when there is no such case, or the address holds no case no', async () => {
    stubIrApi({ callerId: FARAH.id });
    const first = renderIr(casePath('GRV202699999'), irOfficer);
    expect(await screen.findByText('There is no case GRV202699999.')).toBeInTheDocument();
    first.unmount();
    renderIr(casePath('case-1'), irOfficer);
    expect(await screen.findByText('“case-1” is not a case no.')).toBeInTheDocument();
    expect(where(screen).path).toBe(casePath('case-1'));
  });

  it('keeps the seed’s code texts in Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    try {
      const api = withCase({ callerId: FARAH.id });
      api.seedCase({
        memberNo: RAJ.memberNo,
        subject: 'Cuti',
        categoryId: DISMISSAL.id,
        description: 'x',
        contactMethod: 3,
      });
      renderIr(casePath('GRV202600002'), irOfficer);
      await screen.findByRole('heading', { level: 1, name: 'GRV202600002: Cuti' });
      const region = screen.getByRole('region', { name: 'Butiran kes' });
      expect(region).toHaveTextContent('PENDING');
      expect(region).toHaveTextContent('OTHERS');
      expect(screen.getByRole('list', { name: 'Tindakan' })).toHaveTextContent('Initial Case Fact');
      expect(screen.getByRole('button', { name: 'Tutup kes' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});
