import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testAuth, testUser } from '../../test/auth';
import { renderApp } from '../../test/render-app';

const linkNames = async () => {
  await screen.findByRole('heading', { level: 1 });
  return screen.queryAllByRole('link', { name: /^Open / }).map((link) => link.getAttribute('aria-label'));
};

describe('HomePage', () => {
  it('greets the user by display name and lists what HR may open (seed §1)', async () => {
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Aisyah' })).toBeInTheDocument();
    expect(await linkNames()).toEqual(['Open E-Leave System', 'Open Industrial Relations']);
    expect(screen.getByRole('link', { name: 'Open E-Leave System' })).toHaveAttribute(
      'href',
      '/shared/hr-services/leave',
    );
  });

  it('gives HRAdmin the access control page and the leave admin as well', async () => {
    renderApp(['/'], testAuth(testUser({ department: ['HRAdmin'] })));
    expect(await linkNames()).toEqual([
      'Open E-Leave System',
      'Open E-Leave System Admin',
      'Open Access Control Page',
      'Open Industrial Relations',
    ]);
  });

  it('gives ITAdmin everything, IR only the IR services', async () => {
    const view = renderApp(['/'], testAuth(testUser({ department: ['ITAdmin'] })));
    expect(await linkNames()).toHaveLength(5);
    view.view.unmount();
    renderApp(['/'], testAuth(testUser({ department: ['IR'] })));
    expect(await linkNames()).toEqual(['Open Industrial Relations']);
  });

  it('says so when no page is listed for the department, and falls back to the e-mail name', async () => {
    renderApp(['/'], testAuth(testUser({ department: ['CLUB'], displayName: null, name: null })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, aisyah' })).toBeInTheDocument();
    expect(screen.getByText(/No pages are listed for your departments yet/)).toBeInTheDocument();
    expect(await linkNames()).toEqual([]);
  });
});
