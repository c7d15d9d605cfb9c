import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import type { Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListFiltersProps {
  /** The accessible name of the search form ("Filter the accounts"). */
  label: string;
  /** What is always shown, on a phone too: the search box, usually. */
  search?: ReactNode;
  /** The other filters: on a phone they fold behind a Filters button. */
  children?: ReactNode;
  /** How many of the folded filters are set: the button says so while they are hidden. */
  activeCount?: number;
  /** A folded filter holds a problem: they show on a phone too, so that it can be seen. */
  unfold?: boolean;
  /** Buttons after the filters (create, export, clear), always shown. */
  actions?: ReactNode;
  /** The layout of the folding filters (a grid, say); by default a column on a phone, a row above. */
  sx?: SxProps<Theme>;
}

/** Without a layout of their own, the filters sit in the form's row from a tablet up. */
const ROW: SxProps<Theme> = { display: { xs: 'flex', md: 'contents' }, flexDirection: 'column', gap: 2 };

/**
 * The filters of a list page (docs/product/qualities.md §2): one search form, whose search box
 * always shows and whose other filters fold away on a phone, so that the results start on the
 * first screen. The Filters button says how many folded filters are set; a filter set by a link
 * is never hidden without saying so.
 */
export function ListFilters({
  label,
  search,
  children,
  activeCount = 0,
  unfold = false,
  actions,
  sx,
}: ListFiltersProps) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const foldedId = useId();
  const folds = phone && children !== undefined && !unfold;

  // A layout of their own (a grid) takes a whole line of the form.
  const filters =
    sx === undefined ? (
      <Box sx={ROW}>{children}</Box>
    ) : (
      <Box sx={{ width: '100%' }}>
        <Box sx={sx}>{children}</Box>
      </Box>
    );
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        // One row from a tablet up, where it fits; the actions, kept together, go under it where
        // it does not. A grid of filters takes a line of its own.
        flexWrap: 'wrap',
        alignItems: { md: 'flex-start' },
        gap: 2,
        mb: 2,
      }}
    >
      {search !== undefined && (
        <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: { md: 240 } }}>{search}</Box>
      )}
      {folds ? (
        <>
          <Button
            variant="text"
            startIcon={<FilterListIcon />}
            aria-expanded={open}
            aria-controls={foldedId}
            onClick={() => setOpen((was) => !was)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {open
              ? t('list.hideFilters')
              : activeCount > 0
                ? t('list.showFiltersSet', { count: activeCount })
                : t('list.showFilters')}
          </Button>
          <Collapse in={open} id={foldedId} unmountOnExit>
            {filters}
          </Collapse>
        </>
      ) : (
        children !== undefined && filters
      )}
      {actions !== undefined && (
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: { xs: 'wrap', md: 'nowrap' },
            flexShrink: 0,
            justifyContent: 'flex-end',
            ml: { md: 'auto' },
          }}
        >
          {actions}
        </Box>
      )}
    </Box>
  );
}
