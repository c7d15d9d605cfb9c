import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationProbe } from '../../test/location-probe';
import { UnauthorizedPage } from './unauthorized';

describe('UnauthorizedPage', () => {
  it("shows a heading and the seed's exact text, and Go Back goes back two steps", async () => {
    const user = userEvent.setup();
    // The user was on the team space, opened announcements, and the guard sent them here.
    const entries = ['/team-space', '/announcements', '/unauthorized'];
    render(
      <MemoryRouter initialEntries={entries} initialIndex={2}>
        <Routes>
          <Route path="*" element={<UnauthorizedPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You do not have permission to access this page. Please contact your administrator if you believe this is an error.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/team-space$/);
  });
});
