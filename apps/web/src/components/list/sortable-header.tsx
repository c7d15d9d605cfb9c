import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

/**
 * A column header that sorts the list (docs/product/qualities.md §2): the active column says its
 * direction to screen readers (`aria-sort`), a click on it turns the order round, on another
 * column starts ascending; the keyboard focus shows (app/theme.ts).
 */
export function SortableHeader<S extends string>({
  column,
  sort,
  order,
  onSort,
  sx,
  children,
}: {
  column: S;
  /** The column the list is sorted by, and in which order. */
  sort: S;
  order: SortOrder;
  onSort: (sort: S, order: SortOrder) => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const active = sort === column;
  return (
    <TableCell sx={sx} sortDirection={active ? order : false}>
      <TableSortLabel
        active={active}
        direction={active ? order : 'asc'}
        onClick={() => onSort(column, active && order === 'asc' ? 'desc' : 'asc')}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * The sortable headers of one list: `header(column, label, sx?)` draws a `SortableHeader` over
 * the list's sort and order, and a click writes the new ones with `change` (useListParams').
 */
export function sortableHeaders<S extends string>(
  sort: S,
  order: SortOrder,
  change: (changes: { sort: S; order: SortOrder }) => void,
) {
  return (column: S, label: ReactNode, sx?: SxProps<Theme>) => (
    <SortableHeader
      column={column}
      sort={sort}
      order={order}
      onSort={(by, to) => change({ sort: by, order: to })}
      sx={sx}
    >
      {label}
    </SortableHeader>
  );
}
