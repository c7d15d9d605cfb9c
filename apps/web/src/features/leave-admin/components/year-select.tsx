import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/use-list-params';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { todayIn } from '../../../lib/dates';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { SelectField } from '../../../components/select-field';

/** This year in the organisation's zone. */
export function useThisYear(): number {
  const { organisation } = useRuntimeConfig();
  return Number(todayIn(organisation.timeZone).slice(0, 4));
}

/** The years offered: next year back to five years ago. */
function offeredYears(thisYear: number) {
  return Array.from({ length: 7 }, (_, index) => thisYear + 1 - index);
}

/**
 * A tab's year kept in the URL (`?year=`), so a link or Back shows the same year; a year not
 * offered there is `fallback` (this year unless said otherwise).
 */
export function useYearParam(fallback?: number): [number, (year: number) => void] {
  const thisYear = useThisYear();
  const { params, change } = useListParams();
  const shown = fallback ?? thisYear;
  const asked = Number(params.get('year'));
  const year = offeredYears(thisYear).includes(asked) ? asked : shown;
  return [year, (next) => change({ year: next === shown ? '' : String(next) })];
}

/** A year from next year back to five years ago. */
export function YearSelect({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (year: number) => void;
  label?: string;
}) {
  const { t } = useTranslation(leaveAdminNs);
  const thisYear = useThisYear();
  const years = offeredYears(thisYear);
  return (
    <SelectField
      size="small"
      label={label ?? t('year')}
      value={String(value)}
      onChange={(year) => onChange(Number(year))}
      options={years.map((year) => ({ value: String(year), label: String(year) }))}
      sx={{ minWidth: 120 }}
    />
  );
}
