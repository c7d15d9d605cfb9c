import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/viewport';
import { ListFilters } from './list-filters';
import { ListPagination } from './list-pagination';
import { SortableHeader } from './sortable-header';

function Filters({ activeCount = 0, unfold = false }: { activeCount?: number; unfold?: boolean }) {
  return (
    <ListFilters
      label="Filter the cases"
      activeCount={activeCount}
      unfold={unfold}
      search={<TextField type="search" label="Search" />}
      actions={<button type="button">Export</button>}
    >
      <TextField label="Officer" />
      <TextField label="Category" />
    </ListFilters>
  );
}

describe('ListFilters', () => {
  it('shows the search, every filter and the actions in one search form on a desktop', () => {
    setViewportWidth(1280);
    renderWithProviders(<Filters activeCount={1} />);
    const form = screen.getByRole('search', { name: 'Filter the cases' });
    expect(within(form).getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Officer' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Category' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });

  it('folds the filters but the search away on a phone, and shows them when asked', async () => {
    setViewportWidth(375);
    renderWithProviders(<Filters />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Officer' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByRole('textbox', { name: 'Officer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says on a phone how many of the folded filters are set, so a linked filter is not hidden silently', () => {
    setViewportWidth(375);
    renderWithProviders(<Filters activeCount={2} />);
    expect(screen.getByRole('button', { name: 'Filters (2 set)' })).toBeInTheDocument();
  });

  it('shows the filters on a phone while one of them holds a problem, so that it can be seen', () => {
    setViewportWidth(375);
    renderWithProviders(<Filters activeCount={1} unfold />);
    expect(screen.getByRole('textbox', { name: 'Officer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });
});

describe('SortableHeader', () => {
  function Header({ onSort }: { onSort: (sort: 'name' | 'date', order: 'asc' | 'desc') => void }) {
    return (
      <Table>
        <TableHead>
          <TableRow>
            <SortableHeader column="name" sort="name" order="asc" onSort={onSort}>
              Name
            </SortableHeader>
            <SortableHeader column="date" sort="name" order="asc" onSort={onSort}>
              Date
            </SortableHeader>
          </TableRow>
        </TableHead>
      </Table>
    );
  }

  it('says the sorted column to screen readers and turns its order round; another column starts ascending', async () => {
    const onSort = vi.fn();
    renderWithProviders(<Header onSort={onSort} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Date/ })).not.toHaveAttribute('aria-sort');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
    await userEvent.click(screen.getByRole('button', { name: /Date/ }));
    expect(onSort).toHaveBeenLastCalledWith('date', 'asc');
  });

  it('is reached and sorted from the keyboard', async () => {
    const onSort = vi.fn();
    renderWithProviders(<Header onSort={onSort} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Name/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
  });
});

describe('ListPagination', () => {
  it('says which rows of how many are shown, with the numbers written as the language writes them', () => {
    renderWithProviders(
      <ListPagination
        total={1234}
        page={2}
        pageSize={25}
        pageSizes={[25, 50]}
        onPage={() => {}}
        onPageSize={() => {}}
      />,
    );
    expect(screen.getByText('26–50 of 1,234')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Rows per page/ })).toBeInTheDocument();
  });

  it('turns pages counting from 1, as the URL does, and shows the last page for a page past the end', async () => {
    const onPage = vi.fn();
    renderWithProviders(<ListPagination total={60} page={9} pageSize={25} onPage={onPage} />);
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to the next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the previous page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
