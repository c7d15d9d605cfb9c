import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useUrlSearchParams } from '../lib/use-url-search-params';

interface UrlTabsProps<T extends string> {
  /** The tabs in order; the first is shown when the URL names none, and leaves `tab` out of it. */
  tabs: readonly T[];
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tabs' and the panel's ids (`<prefix>-tab-<name>`, `<prefix>-panel-<name>`). */
  idPrefix: string;
  tabLabel: (tab: T) => string;
  /**
   * Whether a tab's own parameters (its filters) stay in the URL when another tab is picked, so
   * coming back finds them as they were. Otherwise a tab starts afresh.
   */
  keepParams?: boolean;
  /** The panel of the tab shown. */
  children: (tab: T) => ReactNode;
}

/**
 * A page's tabs with the tab in the URL (`?tab=holidays`), so a tab can be linked and Back returns
 * to it: the IT admin, E-Leave admin and IR admin pages (docs/product/qualities.md §2).
 */
export function UrlTabs<T extends string>({
  tabs,
  label,
  idPrefix,
  tabLabel,
  keepParams = false,
  children,
}: UrlTabsProps<T>) {
  const [params, setParams] = useUrlSearchParams();
  const requested = params.get('tab');
  const tab = tabs.find((name) => name === requested) ?? tabs[0]!;

  const select = (next: T) =>
    setParams((latest) => {
      const search = keepParams ? new URLSearchParams(latest) : new URLSearchParams();
      if (next === tabs[0]) search.delete('tab');
      else search.set('tab', next);
      return search;
    });

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: T) => select(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={label}
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={tabLabel(name)}
              id={`${idPrefix}-tab-${name}`}
              aria-controls={`${idPrefix}-panel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Card
        variant="outlined"
        role="tabpanel"
        id={`${idPrefix}-panel-${tab}`}
        aria-labelledby={`${idPrefix}-tab-${tab}`}
      >
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>{children(tab)}</CardContent>
      </Card>
    </>
  );
}
