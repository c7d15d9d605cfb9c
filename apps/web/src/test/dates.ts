import dayjs from 'dayjs';
import { DATE_INPUT_FORMAT } from '../components/date-field';

/** An ISO date as a user types it into a date input (components/date-field.tsx): DD/MM/YYYY. */
export const typedDate = (iso: string) => dayjs(iso).format(DATE_INPUT_FORMAT);
