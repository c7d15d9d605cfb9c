import type { common as en } from '../en/common';

export const common: typeof en = {
  appName: 'Portal Kakitangan',
  goBack: 'Kembali',
  goHome: 'Ke Laman Utama',
  reload: 'Muat Semula',
  datePicker: {
    open: 'Pilih tarikh',
    openSelected: 'Pilih tarikh, tarikh dipilih ialah {{date}}',
    title: 'Pilih tarikh',
    previousMonth: 'Bulan sebelumnya',
    nextMonth: 'Bulan seterusnya',
    toYearView: 'paparan kalendar dibuka, tukar ke paparan tahun',
    toCalendarView: 'paparan tahun dibuka, tukar ke paparan kalendar',
    cancel: 'Batal',
    clear: 'Kosongkan',
    ok: 'OK',
    today: 'Hari ini',
  },
  loading: 'Memuatkan…',
  dismissMessage: 'Tutup mesej',
  networkError: 'Ralat rangkaian',
  unknownError: 'Ralat yang tidak diketahui telah berlaku.',
  sessionExpired: 'Sesi anda telah tamat. Sila log masuk semula.',
  invalidEmail: 'E-mel Tidak Sah',
  invalidDate: 'Tarikh Tidak Sah',
  unsavedChanges: {
    title: 'Tinggalkan tanpa menyimpan?',
    body: 'Perubahan anda di halaman ini belum disimpan. Jika anda keluar sekarang, perubahan itu akan hilang.',
    leave: 'Tinggalkan tanpa menyimpan',
    stay: 'Kekal di halaman ini',
  },
};
