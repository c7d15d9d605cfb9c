import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationProbe } from '../../test/location-probe';
import { UnderConstructionPage } from './under-construction';

describe('UnderConstructionPage', () => {
  it("shows a heading, the seed's exact text and a Go Back button", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/', '/shared']} initialIndex={1}>
        <Routes>
          <Route path="*" element={<UnderConstructionPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Under Construction' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This page is currently under construction. Please check back later or contact your administrator if you have questions.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
