import { useState } from 'react';
import type { ChangeOptions } from '../../lib/use-list-params';
import { keptInUrl } from './filters';

/**
 * A date box over one URL parameter, as useTextParam (lib/use-list-params.ts) is for a text box,
 * with one difference: the URL holds the date only once it is a whole date (keptInUrl), so that a
 * reload shows what was chosen. useTextParam would take the URL's emptied value back into the
 * field and wipe a date half typed; this keeps what is typed (INVALID_DATE, flagged at its field
 * once typing pauses) and takes the URL's value again only when Back or a link changes it.
 */
export function useDateParam(
  params: URLSearchParams,
  name: string,
  change: (changes: Record<string, string>, options?: ChangeOptions) => void,
): [string, (value: string) => void] {
  const inUrl = params.get(name) ?? '';
  const [value, setValue] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  const kept = (date: string) => (keptInUrl(name, date) ? date : '');
  if (inUrl !== seen) {
    setSeen(inUrl);
    if (inUrl !== kept(value)) setValue(inUrl);
  }
  const onChange = (date: string) => {
    setValue(date);
    // A date picked or typed is no step to go back to, as typing is not.
    change({ [name]: kept(date) }, { replace: true });
  };
  return [value, onChange];
}
