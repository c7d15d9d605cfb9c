import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The search box of a list (`ListFilters`' `search`): a search field that hands on what is typed,
 * as typed (`useTextParam` trims it for the URL), and shows a refused search's reason under it.
 */
export function ListSearchField({
  label,
  value,
  onChange,
  problem,
  maxLength = 100,
  sx,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Why this search cannot be run, under the box; none while it can. */
  problem?: string;
  /** As the API's limit for this search. */
  maxLength?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problem !== undefined}
      helperText={problem}
      slotProps={{ htmlInput: { maxLength } }}
      sx={sx}
    />
  );
}
