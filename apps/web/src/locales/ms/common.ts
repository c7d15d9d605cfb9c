import type { common as en } from '../en/common';

export const common: typeof en = {
  appName: 'Portal Kakitangan',
  goBack: 'Kembali',
  goHome: 'Ke Laman Utama',
  reload: 'Muat Semula',
  loading: 'Memuatkan…',
  dismissMessage: 'Tutup mesej',
  networkError: 'Ralat rangkaian',
  unknownError: 'Ralat yang tidak diketahui telah berlaku.',
  sessionExpired: 'Sesi anda telah tamat. Sila log masuk semula.',
  invalidEmail: 'E-mel Tidak Sah',
  invalidDate: 'Tarikh Tidak Sah',
};
