import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { testAuth, testUser } from '../../test/auth';
import { renderApp } from '../../test/render-app';

async function cardsAt(url: string, department: string[]) {
  const { view } = renderApp([url], testAuth(testUser({ department })));
  await screen.findByRole('heading', { level: 1 });
  const cards = screen
    .queryAllByRole('link', { name: /^(Open|Buka) / })
    .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
  view.unmount();
  return cards;
}

describe('hub pages', () => {
  it('SharedPage: HR reaches HR services, not the admin pages nor the IR hub, whose pages HR may not open', async () => {
    expect(await cardsAt('/shared', ['HR'])).toEqual([
      ['Open HR Services', '/shared/hr-services'],
      ['Open PO', '/shared/po'],
    ]);
  });

  it('SharedPage: someone in HR and IR reaches both hubs', async () => {
    expect((await cardsAt('/shared', ['HR', 'IR'])).map(([, href]) => href)).toEqual([
      '/shared/hr-services',
      '/shared/industrial-relations',
      '/shared/po',
    ]);
  });

  it('SharedPage: an IR-only user sees only the IR hub (docs/product/departures.md)', async () => {
    expect(await cardsAt('/shared', ['IR'])).toEqual([['Open Industrial Relations', '/shared/industrial-relations']]);
  });

  it('SharedPage: HRAdmin also gets the access control page', async () => {
    const names = (await cardsAt('/shared', ['HRAdmin'])).map(([name]) => name);
    expect(names).toContain('Open Access Control Page');
  });

  it('HRServicesPage lists leave, claims, payslips and forms', async () => {
    expect(await cardsAt('/shared/hr-services', ['HR'])).toEqual([
      ['Open E-Leave System', '/shared/hr-services/leave'],
      ['Open Claims', '/shared/hr-services/claims'],
      ['Open Payslips', '/shared/hr-services/payslips'],
      ['Open Forms', '/shared/hr-services/cognito-forms'],
    ]);
  });

  it('LeaveServicesPage: the leave admin card only for ADMIN', async () => {
    const hr = (await cardsAt('/shared/hr-services/leave', ['HR'])).map(([, href]) => href);
    expect(hr).toEqual([
      '/shared/hr-services/leave/my-leaves',
      '/shared/hr-services/leave/my-leaves/history',
      '/shared/hr-services/leave/staff-movement',
      '/shared/hr-services/leave/approval',
    ]);
    const admin = (await cardsAt('/shared/hr-services/leave', ['HRAdmin'])).map(([, href]) => href);
    expect(admin).toContain('/shared/hr-services/leave/admin');
  });

  it('IRServicesPage: member lookup and grievances for IR; the IR admin card only for IRAdmin', async () => {
    const IR = '/shared/industrial-relations';
    expect(await cardsAt(IR, ['IR'])).toEqual([
      ['Open Member Lookup', `${IR}/member-lookup`],
      ['Open Grievances', `${IR}/grievances`],
    ]);
    expect(await cardsAt(IR, ['IRAdmin'])).toEqual([
      ['Open Member Lookup', `${IR}/member-lookup`],
      ['Open Grievances', `${IR}/grievances`],
      ['Open IR Admin', `${IR}/ir-admin`],
    ]);
    // ITAdmin passes every check (docs/product/access.md §2).
    expect((await cardsAt(IR, ['ITAdmin'])).map(([, href]) => href)).toContain(`${IR}/ir-admin`);
  });

  it('IRServicesPage: HR reaches the hub but none of its pages, and is told so', async () => {
    const { view } = renderApp(['/shared/industrial-relations'], testAuth(testUser({ department: ['HR'] })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Industrial Relations' })).toBeInTheDocument();
    expect(screen.getByText(/None of these pages is open to your departments/)).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /^Open / })).toEqual([]);
    view.unmount();
  });

  it('speaks Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    try {
      const cards = await cardsAt('/shared/hr-services/leave', ['HR']);
      expect(cards[0]?.[0]).toBe('Buka Cuti Saya');
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});
