import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openCaseInputSchema } from '@staff-portal/shared/ir';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typedDate } from '../../test/dates';
import { enterText } from '../../test/enter-text';
import { stubIrApi } from '../../test/ir-api-double';
import { DISMISSAL, FARAH, irOfficer, itAdmin, OVERTIME, RETIRED, SITI } from '../../test/ir-fixtures';
import { casePath, MEMBER_LOOKUP_PATH, memberPath } from './paths';
import { renderIr, where } from './test/render-ir';

afterEach(() => vi.unstubAllGlobals());

const dialog = () => screen.findByRole('dialog', { name: 'Open a new case' });
const facts = () => screen.getByRole('region', { name: 'Profile' });

describe('ViewMemberDetailsPage', () => {
  it('from the search to a new case: reveal the NRIC, then open a case', async () => {
    const user = userEvent.setup();
    // An ITAdmin: sees NRICs masked, and passes the IRAdmin check (docs/product/access.md §2).
    const api = stubIrApi({ callerId: itAdmin.id, seesFullNric: false, canAdminister: true });
    renderIr(MEMBER_LOOKUP_PATH, itAdmin);

    await user.type(await screen.findByRole('searchbox'), 'nurhaliza');
    await user.click(await screen.findByRole('link', { name: `Open member ${SITI.name}` }));
    expect(await screen.findByRole('heading', { level: 1, name: SITI.name })).toBeInTheDocument();

    // Masked, the date of birth with it (the NRIC starts with it), with the reveal and what it
    // costs said before it is pressed (docs/product/ir.md §1).
    expect(facts()).toHaveTextContent('XXXXXX-XX-5678');
    expect(facts()).toHaveTextContent('Showing the full NRIC is recorded in the audit trail.');
    expect(facts()).not.toHaveTextContent('850101-14-5678');
    expect(facts()).toHaveTextContent('Date of birthHidden with the NRIC, which starts with it');
    expect(facts()).not.toHaveTextContent('1985');
    await user.click(screen.getByRole('button', { name: 'Show NRIC' }));
    expect(await screen.findByText('850101-14-5678')).toBeInTheDocument();
    expect(facts()).toHaveTextContent('Date of birth01 Jan 1985');
    expect(within(facts()).getByRole('status')).toHaveTextContent('has been recorded in the audit trail');
    expect(api.reveals).toEqual(['M0012345']);
    expect(screen.queryByRole('button', { name: 'Show NRIC' })).not.toBeInTheDocument();
    expect(screen.getByText('This member has no grievance cases yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open a new case' }));
    const form = await dialog();
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveFocus();
    await enterText(user, within(form).getByRole('textbox', { name: 'Subject' }), 'Unpaid overtime');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Category' }), OVERTIME.id);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Contact method' }), 'EMAIL');
    await enterText(user, within(form).getByRole('textbox', { name: 'Description' }), 'Six months of overtime unpaid.');
    // An IR admin may put another officer in charge.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Officer' }), FARAH.name);
    fireEvent.change(within(form).getByLabelText('Opened on'), { target: { value: typedDate('2026-11-20') } });
    await user.click(within(form).getByRole('button', { name: 'Open case' }));

    // The new case shows, and the request was the contract's.
    expect(await screen.findByRole('heading', { level: 1, name: 'GRV202600001: Unpaid overtime' })).toBeInTheDocument();
    expect(where(screen).path).toBe(casePath('GRV202600001'));
    expect(openCaseInputSchema.parse(api.callsTo('POST', '/ir/grievances')[0]!.body)).toEqual({
      memberNo: 'M0012345',
      subject: 'Unpaid overtime',
      categoryId: OVERTIME.id,
      contactMethod: 2,
      description: 'Six months of overtime unpaid.',
      officerId: FARAH.id,
      openedOn: '2026-11-20',
    });
    expect(await screen.findByText('Case GRV202600001 opened.')).toBeInTheDocument();
    const caseFacts = screen.getByRole('region', { name: 'Case facts' });
    expect(caseFacts).toHaveTextContent('PENDING');
    expect(caseFacts).toHaveTextContent('EMAIL');
    expect(caseFacts).toHaveTextContent(FARAH.name);
    expect(within(screen.getByRole('list', { name: 'Actions' })).getAllByRole('listitem')[0]).toHaveTextContent(
      'Initial Case Fact',
    );

    // Adding actions and closing the case go on in grievance-details-page.test.tsx.
  });

  it('shows IR the NRIC in full, and opens a case with them as its officer', async () => {
    const user = userEvent.setup();
    const api = stubIrApi({ callerId: irOfficer.id });
    renderIr(memberPath('m0012345'), irOfficer);
    expect(await screen.findByRole('heading', { level: 1, name: SITI.name })).toBeInTheDocument();
    expect(facts()).toHaveTextContent('850101-14-5678');
    expect(screen.queryByRole('button', { name: 'Show NRIC' })).not.toBeInTheDocument();
    expect(facts()).toHaveTextContent('Female');
    expect(facts()).toHaveTextContent('15 Mar 2010');
    expect(facts()).toHaveTextContent('Date of birth01 Jan 1985');

    await user.click(screen.getByRole('button', { name: 'Open a new case' }));
    const form = await dialog();
    // Only active categories; the officer is me, and only an admin could change it.
    await waitFor(() =>
      expect(
        within(within(form).getByRole('combobox', { name: 'Category' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['', DISMISSAL.name, OVERTIME.name]),
    );
    expect(within(form).queryByRole('option', { name: RETIRED.name })).not.toBeInTheDocument();
    const officer = within(form).getByRole('combobox', { name: 'Officer' });
    await waitFor(() => expect(officer).toHaveDisplayValue(`${FARAH.name} (me)`));
    expect(officer).toBeDisabled();

    // Nothing filled in: each required field says so, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Open case' }));
    expect(await within(form).findAllByText('This is required.')).toHaveLength(4);
    expect(api.callsTo('POST', '/ir/grievances')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Wrongful dismissal');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Category' }), DISMISSAL.id);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Contact method' }), 'PHONE');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Dismissed without notice.');
    fireEvent.change(within(form).getByLabelText('Opened on'), { target: { value: '31/02/2026' } });
    await user.click(within(form).getByRole('button', { name: 'Open case' }));
    expect(await within(form).findByText('Enter a date as DD/MM/YYYY.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/ir/grievances')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Opened on'), { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Open case' }));
    await screen.findByRole('heading', { level: 1, name: 'GRV202600001: Wrongful dismissal' });
    // No officer named: the server makes the caller the officer; no date: today.
    expect(api.callsTo('POST', '/ir/grievances')[0]!.body).toEqual({
      memberNo: 'M0012345',
      subject: 'Wrongful dismissal',
      categoryId: DISMISSAL.id,
      contactMethod: 0,
      description: 'Dismissed without notice.',
    });
    expect(screen.getByRole('region', { name: 'Case facts' })).toHaveTextContent('PHONE');
  });

  it('asks one who is no officer (ITAdmin) to choose the officer in charge', async () => {
    const user = userEvent.setup();
    const api = stubIrApi({ callerId: itAdmin.id, seesFullNric: false, canAdminister: true });
    renderIr(memberPath('M0012345'), itAdmin);
    await user.click(await screen.findByRole('button', { name: 'Open a new case' }));
    const form = await dialog();
    await waitFor(() => expect(within(form).getAllByRole('option', { name: DISMISSAL.name })).toHaveLength(1));
    const officer = within(form).getByRole('combobox', { name: /Officer/ });
    expect(officer).toBeEnabled();
    expect(officer).toHaveDisplayValue('Choose the officer in charge');
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Transfer');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Category' }), DISMISSAL.id);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Contact method' }), 'PHONE');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Moved.');
    await user.click(within(form).getByRole('button', { name: 'Open case' }));
    expect(await within(form).findByText('This is required.')).toBeInTheDocument();
    expect(officer).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/ir/grievances')).toHaveLength(0);
  });

  it('puts a refusal of the server under its field', async () => {
    const user = userEvent.setup();
    stubIrApi({
      callerId: irOfficer.id,
      overrides: {
        'POST /ir/grievances': () =>
          new Response(
            JSON.stringify({
              code: 'VALIDATION_ERROR',
              message: 'categoryId is inactive',
              field: 'categoryId',
              reason: 'invalidChoice',
            }),
            { status: 400 },
          ),
      },
    });
    renderIr(memberPath('M0012345'), irOfficer);
    await user.click(await screen.findByRole('button', { name: 'Open a new case' }));
    const form = await dialog();
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Transfer');
    await waitFor(() => expect(within(form).getAllByRole('option', { name: DISMISSAL.name })).toHaveLength(1));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Category' }), DISMISSAL.id);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Contact method' }), 'OTHERS');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Moved to another branch.');
    await user.click(within(form).getByRole('button', { name: 'Open case' }));
    expect(await within(form).findByText('Choose one of the options.')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveAttribute('aria-invalid', 'true');
    expect(where(screen).path).toBe(memberPath('M0012345'));
  });

  it('says when there is no such member, or the address holds no member no', async () => {
    stubIrApi({ callerId: irOfficer.id });
    const first = renderIr(memberPath('M9999999'), irOfficer);
    expect(await screen.findByText('There is no member M9999999.')).toBeInTheDocument();
    first.unmount();
    renderIr(memberPath('not a number!'), irOfficer);
    expect(await screen.findByText('“not a number!” is not a member no.')).toBeInTheDocument();
  });
});
