import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { todayIn } from '../../../lib/dates';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { SelectField } from '../../../components/select-field';

/** This year in the organisation's zone. */
export function useThisYear(): number {
  const { organisation } = useRuntimeConfig();
  return Number(todayIn(organisation.timeZone).slice(0, 4));
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
  const years = Array.from({ length: 7 }, (_, index) => thisYear + 1 - index);
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
