import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { filterValues, keptInUrl } from './filters';
import type { FilterValues } from './filters';
import { useUrlSearchParams } from '../../lib/use-url-search-params';

/** How long typing pauses before the list is asked for again. */
export const FILTER_DELAY_MS = 300;

/**
 * A filter form whose values live in the URL's search parameters (so a filtered list can be
 * linked and survives a reload), and in the form while typing: the router updates the address in
 * a transition, which a text field cannot follow keystroke by keystroke. `debounced` is what the
 * list asks for, once typing pauses.
 */
export function useUrlFilters<F extends string>(fields: readonly F[]) {
  const [params, setParams] = useUrlSearchParams();
  const [values, setValues] = useState<FilterValues<F>>(() => filterValues(fields, params));
  const debounced = useDebouncedValue(values, FILTER_DELAY_MS);

  const write = (changes: Partial<FilterValues<F>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [field, value] of Object.entries(changes) as [F, string][]) {
          if (value.trim() === '' || !keptInUrl(field, value)) next.delete(field);
          else next.set(field, value);
        }
        return next;
      },
      // Each keystroke is no step to go back to.
      { replace: true },
    );

  /** Several fields at once (a choice that makes another one void), as one change of the URL. */
  const setMany = (changes: Partial<FilterValues<F>>) => {
    setValues((previous) => ({ ...previous, ...changes }));
    write(changes);
  };
  const set = (field: F, value: string) => setMany({ [field]: value } as Partial<FilterValues<F>>);

  const empty = Object.fromEntries(fields.map((field) => [field, ''])) as FilterValues<F>;
  const clear = () => {
    setValues(empty);
    write(empty);
  };
  const filtering = fields.some((field) => values[field] !== '');

  return { values, debounced, set, setMany, clear, filtering };
}
