import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationProbe } from '../../test/location-probe';
import { NotFoundPage } from './not-found';

function renderAt(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('NotFoundPage', () => {
  it("shows a heading and the seed's exact text", () => {
    renderAt(['/no-such-page']);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Oops! The page you're looking for doesn't exist. Please contact your administrator if you believe this is an error.",
      ),
    ).toBeInTheDocument();
  });

  it('Go Back goes one step back', async () => {
    const user = userEvent.setup();
    renderAt(['/profile', '/team-space', '/no-such-page']);
    expect(screen.getByTestId('location')).toHaveTextContent('/no-such-page');

    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/team-space$/);
  });

  it('offers a way home when there is nothing to go back to', async () => {
    const user = userEvent.setup();
    renderAt(['/no-such-page']);

    await user.click(screen.getByRole('link', { name: 'Go to Home' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
