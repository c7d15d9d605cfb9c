import type { Gender, ProRata } from '@staff-portal/shared/leave';
import type { ServiceTier } from '../db/schema/organisation';

export interface LeaveTypeSeed {
  id: string;
  name: string;
  defaultDays: number;
  serviceTiers?: ServiceTier[];
  cancellable?: boolean;
  attachmentRequired?: boolean;
  halfDayAllowed?: boolean;
  balanceLimited?: boolean;
  eligibleGender?: Gender;
  minServiceMonths?: number;
  proRata?: ProRata;
  includesDaysOf?: string;
}

/**
 * The seeded Malaysian catalogue (docs/product/leave.md). Entitlements follow the Employment Act
 * 1955 as amended in 2022: annual and sick leave by years of service (under 2 / 2–5 / over 5),
 * annual leave pro-rated by completed months in a year of joining or leaving (s60E(1A)), up to 60
 * days of hospitalisation a year inclusive of sick leave, 98 days of maternity leave for women
 * and 7 of paternity leave for men after 12 months' service. HR admins edit all of it.
 */
export const leaveTypeCatalogue: LeaveTypeSeed[] = [
  {
    id: 'LVE0001',
    name: 'Annual Leave',
    defaultDays: 8,
    proRata: 'nearest-day',
    serviceTiers: [
      { minYears: 0, days: 8 },
      { minYears: 2, days: 12 },
      { minYears: 5, days: 16 },
    ],
  },
  {
    id: 'LVE0002',
    name: 'Medical Leave',
    defaultDays: 14,
    serviceTiers: [
      { minYears: 0, days: 14 },
      { minYears: 2, days: 18 },
      { minYears: 5, days: 22 },
    ],
    cancellable: false,
    attachmentRequired: true,
  },
  {
    id: 'LVE0003',
    name: 'Hospitalisation Leave',
    defaultDays: 60,
    includesDaysOf: 'LVE0002',
    cancellable: false,
    attachmentRequired: true,
    halfDayAllowed: false,
  },
  { id: 'LVE0004', name: 'Maternity Leave', defaultDays: 98, halfDayAllowed: false, eligibleGender: 'F' },
  {
    id: 'LVE0005',
    name: 'Paternity Leave',
    defaultDays: 7,
    halfDayAllowed: false,
    eligibleGender: 'M',
    minServiceMonths: 12,
  },
  { id: 'LVE0006', name: 'Compassionate Leave', defaultDays: 3 },
  { id: 'LVE0007', name: 'Marriage Leave', defaultDays: 3, halfDayAllowed: false },
  { id: 'LVE0008', name: 'Emergency Leave', defaultDays: 3, cancellable: false },
  { id: 'LVE0009', name: 'Unpaid Leave', defaultDays: 0, balanceLimited: false },
  { id: 'LVE0010', name: 'Public Holiday Off-in-Lieu (OIL)', defaultDays: 0 },
  { id: 'LVE0011', name: 'Study Leave', defaultDays: 5 },
  { id: 'LVE0012', name: 'Examination Leave', defaultDays: 5 },
  { id: 'LVE0013', name: 'Pilgrimage (Hajj) Leave', defaultDays: 40, halfDayAllowed: false },
  { id: 'LVE0014', name: 'Union Duty Leave', defaultDays: 10 },
  { id: 'LVE0015', name: 'Training Leave', defaultDays: 5 },
  { id: 'LVE0016', name: 'Replacement Leave', defaultDays: 0 },
  { id: 'LVE0017', name: 'Child Care Leave', defaultDays: 5 },
  { id: 'LVE0018', name: 'Prolonged Illness Leave', defaultDays: 0, attachmentRequired: true, halfDayAllowed: false },
  { id: 'LVE0019', name: 'Quarantine Leave', defaultDays: 14, attachmentRequired: true, halfDayAllowed: false },
  { id: 'LVE0020', name: 'Disaster (Calamity) Leave', defaultDays: 3 },
  { id: 'LVE0021', name: 'Sports Leave', defaultDays: 3 },
  { id: 'LVE0022', name: 'Special Leave', defaultDays: 0 },
];
