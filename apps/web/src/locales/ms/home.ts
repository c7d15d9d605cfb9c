import type { home as en } from '../en/home';

export const home: typeof en = {
  title: 'Laman Utama',
  greeting: 'Selamat datang, {{name}}',
  intro: 'Berikut ialah bahagian portal yang boleh dibuka oleh jabatan anda.',
  quickLinks: 'Pautan pantas',
  noPages:
    'Jabatan anda belum mempunyai halaman sendiri. Anda masih boleh melihat profil dan ruang pasukan anda; jika anda memerlukan E-Cuti atau bahagian lain, minta pentadbir anda menambah anda ke jabatannya.',
  whatYouCanDo: 'Apa yang boleh anda lakukan',
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
    profile: {
      title: 'Profil Saya',
      description: 'Nama, e-mel dan jabatan anda, bahasa portal, dan kata laluan anda.',
    },
    teamSpace: { title: 'Ruang Pasukan', description: 'Ruang yang anda kongsi dengan orang dalam jabatan anda.' },
  },
};
