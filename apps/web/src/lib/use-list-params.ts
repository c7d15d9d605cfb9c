import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';
import { useUrlSearchParams } from './use-url-search-params';

/** How long typing (or a click) settles before the list is asked again. */
export const SEARCH_DELAY_MS = 300;

export interface ChangeOptions {
  /** Typing replaces the address rather than leaving a history entry per keystroke. */
  replace?: boolean;
}

/**
 * The one way a list page keeps its state in the URL (the kit, CONTRIBUTING.md §3.3): a search list whose state (filters, sort, order, page) lives in the URL's search parameters,
 * so it can be linked and Back returns to it as it was. `settled` is the parameters once they
 * have stopped changing for a moment: what the list asks the API for.
 */
export function useListParams() {
  const [params, setParams] = useUrlSearchParams();
  const settled = new URLSearchParams(useDebouncedValue(params.toString(), SEARCH_DELAY_MS));

  /** Anything but a page turn goes back to the first page; empty values leave the URL. */
  const change = (changes: Record<string, string>, { replace = false }: ChangeOptions = {}) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === '' || (name === 'page' && value === '1')) next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace },
    );

  const page = Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1);
  return { params, settled, change, page };
}

/**
 * A text box over one URL parameter: it shows what is typed (the router writes the address in a
 * transition, which a text field cannot follow keystroke by keystroke), writes it to the URL at
 * once, and takes the URL's value again when Back or a link changes it. `inUrl` is what of the
 * text the URL keeps: trimmed, by default; a date box keeps a date only once it is whole, so a
 * half-typed one stays in the box (flagged there) and out of the address.
 */
export function useTextParam(
  params: URLSearchParams,
  name: string,
  change: (changes: Record<string, string>, options?: ChangeOptions) => void,
  inUrl: (text: string) => string = (text) => text.trim(),
): [string, (value: string) => void] {
  const inAddress = params.get(name) ?? '';
  const [text, setText] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== inUrl(text)) setText(inAddress);
  }
  const onChange = (value: string) => {
    setText(value);
    change({ [name]: inUrl(value) }, { replace: true });
  };
  return [text, onChange];
}
