import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { stubLeaveApi } from '../../test/leave-api-double';
import { summary } from '../../test/leave-fixtures';
import { testAuth, testUser } from '../../test/auth';
import { renderApp } from '../../test/render-app';

const linkNames = async () => {
  await screen.findByRole('heading', { level: 1 });
  return screen.queryAllByRole('link', { name: /^(Open|Buka) / }).map((link) => link.getAttribute('aria-label'));
};

describe('HomePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets the user by display name and lists what HR may open (docs/product/specification.md §1)', async () => {
    stubLeaveApi({ 'GET /leave/summary': () => summary() });
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Aisyah' })).toBeInTheDocument();
    expect(await linkNames()).toEqual(['Open E-Leave System', 'Open Industrial Relations']);
    expect(screen.getByRole('link', { name: 'Open E-Leave System' })).toHaveAttribute(
      'href',
      '/shared/hr-services/leave',
    );
  });

  it('shows my leave at a glance to those who use E-Leave', async () => {
    stubLeaveApi({ 'GET /leave/summary': () => summary({ myRequestsWaiting: 1, approvalsWaiting: 2 }) });
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    expect(await screen.findByRole('heading', { level: 2, name: 'My leave in 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 request waiting for a decision' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 requests waiting for your approval' })).toBeInTheDocument();
  });

  it('gives HRAdmin the access control page and the leave admin as well', async () => {
    stubLeaveApi({ 'GET /leave/summary': () => summary() });
    renderApp(['/'], testAuth(testUser({ department: ['HRAdmin'] })));
    expect(await linkNames()).toEqual([
      'Open E-Leave System',
      'Open E-Leave System Admin',
      'Open Access Control Page',
      'Open Industrial Relations',
    ]);
  });

  it('gives ITAdmin everything, IR only the IR services', async () => {
    const api = stubLeaveApi({ 'GET /leave/summary': () => summary() });
    const view = renderApp(['/'], testAuth(testUser({ department: ['ITAdmin'] })));
    expect(await linkNames()).toHaveLength(5);
    view.view.unmount();
    const before = api.calls.length;
    renderApp(['/'], testAuth(testUser({ department: ['IR'] })));
    expect(await linkNames()).toEqual(['Open Industrial Relations']);
    // No E-Leave for IR: nothing asked, no leave section.
    expect(api.calls).toHaveLength(before);
    expect(screen.queryByRole('heading', { level: 2, name: /My leave/ })).not.toBeInTheDocument();
  });

  it('tells a department with no pages what it can do: profile and team space', async () => {
    const user = userEvent.setup();
    const view = renderApp(['/'], testAuth(testUser({ department: ['UNION'], displayName: null, name: null })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, aisyah' })).toBeInTheDocument();
    expect(screen.getByText(/Your departments have no pages of their own yet/)).toBeInTheDocument();
    expect(screen.getByText(/ask your administrator to add you to its department/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What you can do' })).toBeInTheDocument();
    expect(await linkNames()).toEqual(['Open My Profile', 'Open Team Space']);
    await user.click(screen.getByRole('link', { name: 'Open My Profile' }));
    await waitFor(() => expect(view.pathname()).toBe('/profile'));
  });

  it('speaks Bahasa Malaysia to a department with no pages', async () => {
    await changeLanguage('ms');
    try {
      renderApp(['/'], testAuth(testUser({ department: ['CLUB'] })));
      expect(await screen.findByRole('heading', { level: 2, name: 'Apa yang boleh anda lakukan' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Buka Profil Saya' })).toHaveAttribute('href', '/profile');
      expect(screen.getByRole('link', { name: 'Buka Ruang Pasukan' })).toHaveAttribute('href', '/team-space');
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});
