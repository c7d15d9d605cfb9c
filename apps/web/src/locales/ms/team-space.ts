import type { teamSpace as en } from '../en/team-space';

export const teamSpace: typeof en = {
  title: 'Ruang Pasukan',
  intro: 'Orang dalam jabatan-jabatan anda, dan siapa antara mereka yang tiada hari ini dan minggu ini.',
  introAdmin:
    'Orang dalam jabatan-jabatan anda, dan siapa antara mereka yang tiada hari ini dan minggu ini. Pilih jabatan untuk melihat jabatan lain.',
  loadError: 'Maklumat ini tidak dapat dimuatkan.',
  retry: 'Cuba lagi',
  noDepartments: {
    title: 'Anda belum berada dalam mana-mana jabatan',
    body: 'Akaun anda tidak berada dalam mana-mana jabatan, jadi tiada sesiapa untuk dipaparkan di sini. Pentadbir akan menambah anda ke jabatan anda di Halaman Kawalan Akses; orang dalam jabatan itu dipaparkan di sini dalam masa seminit.',
  },
  away: {
    today: 'Tiada hari ini',
    thisWeek: 'Juga tiada minggu ini',
    nobodyToday: 'Semua orang ada hari ini.',
    nobodyThisWeek: 'Tiada sesiapa lagi yang tiada minggu ini.',
    truncated: 'Hanya {{count}} ketiadaan pertama bagi setiap jenis dipaparkan, yang paling awal dahulu.',
    unknown: 'Tiada sesiapa di sini yang mempunyai rekod E-Cuti, jadi tidak diketahui siapa yang tiada.',
    knownFor: 'Siapa yang tiada diketahui bagi {{known}} daripada {{count}} orang: mereka yang mempunyai rekod E-Cuti.',
    openStaffMovement: 'Buka Pergerakan Staf',
    staffMovementHint: 'Tujuan, hari dan kalendar penuh ada di halaman Pergerakan Staf.',
    halfDay: '{{type}} ({{half}})',
    dayType: { '1': 'AM', '2': 'PM' },
    kind: {
      outstation: 'Luar kawasan',
      meeting: 'Mesyuarat',
      training: 'Latihan',
      site_visit: 'Lawatan tapak',
      work_from_home: 'Bekerja dari rumah',
    },
    range: '{{from}} – {{to}}',
  },
  people: {
    title: 'Orang',
    count_one: '{{count}} orang',
    count_other: '{{count}} orang',
    filters: 'Cari orang',
    search: 'Nama atau e-mel',
    department: 'Jabatan',
    allDepartments: 'Semua jabatan saya',
    list: 'Orang',
    columns: { name: 'Nama', department: 'Jabatan', email: 'E-mel' },
    you: 'Anda',
    empty: 'Belum ada sesiapa dalam jabatan ini.',
    noMatch: 'Tiada sesiapa yang sepadan dengan “{{search}}”.',
  },
};
