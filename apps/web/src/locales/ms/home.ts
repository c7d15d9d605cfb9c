import type { home as en } from '../en/home';

export const home: typeof en = {
  title: 'Laman Utama',
  greeting: 'Selamat datang, {{name}}',
  intro: 'Berikut ialah bahagian portal yang boleh dibuka oleh jabatan anda.',
  quickLinks: 'Pautan pantas',
  noPages:
    'Belum ada halaman yang disenaraikan untuk jabatan anda. Sila hubungi pentadbir anda jika anda memerlukan akses.',
  open: 'Buka {{page}}',
  links: {
    leave: { title: 'Sistem E-Cuti', description: 'Mohon cuti, lihat baki cuti anda dan luluskan permohonan.' },
    leaveAdmin: {
      title: 'Pentadbir Sistem E-Cuti',
      description: 'Rekod cuti kakitangan, jenis cuti, cuti umum dan laporan.',
    },
    accessControl: { title: 'Halaman Kawalan Akses', description: 'Akaun, jabatan dan akses log masuk.' },
    industrialRelations: {
      title: 'Perhubungan Perusahaan',
      description: 'Carian ahli, kes rungutan dan pentadbiran PP.',
    },
    itAdmin: { title: 'Pentadbir IT', description: 'Log audit, status sistem dan peti keluar.' },
  },
};
