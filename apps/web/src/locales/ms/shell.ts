import type { shell as en } from '../en/shell';

export const shell: typeof en = {
  nav: {
    label: 'Navigasi utama',
    home: 'Laman Utama',
    shared: 'Dikongsi',
    teamSpace: 'Ruang Pasukan',
  },
  sidebar: {
    label: 'Bar sisi',
    open: 'Buka navigasi',
    close: 'Tutup navigasi',
    collapse: 'Kecilkan bar sisi',
    expand: 'Besarkan bar sisi',
    skipToContent: 'Langkau ke kandungan utama',
    openProfile: 'Buka profil anda: {{name}}',
    signOut: 'Log Keluar',
    signingOut: 'Sedang log keluar…',
  },
  breadcrumb: {
    label: 'Laluan halaman',
    home: 'LAMAN UTAMA',
    showPath: 'Tunjukkan laluan penuh',
  },
  guard: {
    checking: 'Menyemak akses anda…',
  },
  notFound: {
    title: 'Halaman Tidak Ditemui',
    message:
      'Maaf! Halaman yang anda cari tidak wujud. Sila hubungi pentadbir anda jika anda percaya ini adalah satu kesilapan.',
  },
  unauthorized: {
    title: 'Tiada Kebenaran',
    message:
      'Anda tidak mempunyai kebenaran untuk mengakses halaman ini. Sila hubungi pentadbir anda jika anda percaya ini adalah satu kesilapan.',
  },
  underConstruction: {
    title: 'Dalam Pembinaan',
    message:
      'Halaman ini sedang dalam pembinaan. Sila semak semula kemudian atau hubungi pentadbir anda jika anda mempunyai sebarang pertanyaan.',
  },
  routeError: {
    title: 'Sesuatu Tidak Kena',
    message:
      'Halaman ini tidak dapat dimuatkan. Sila muat semula halaman atau hubungi pentadbir anda jika masalah berterusan.',
  },
  appError: {
    title: 'Sesuatu Tidak Kena',
    message:
      'Portal tidak dapat dimuatkan. Sila semak sambungan anda dan muat semula halaman, atau hubungi pentadbir anda jika masalah berterusan.',
  },
  configError: {
    title: 'Ralat Konfigurasi',
    message: 'Ralat konfigurasi (lihat konsol) – sila hubungi pentadbir',
  },
};
