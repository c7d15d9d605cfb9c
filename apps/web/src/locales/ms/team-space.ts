import type { teamSpace as en } from '../en/team-space';

export const teamSpace: typeof en = {
  title: 'Ruang Pasukan',
  intro: 'Orang dalam jabatan anda, dan siapa antara mereka yang tiada hari ini dan minggu ini.',
  introAdmin:
    'Orang dalam setiap jabatan, dan siapa yang tiada hari ini dan minggu ini. Pilih jabatan untuk melihat satu jabatan sahaja.',
  loadError: 'Maklumat ini tidak dapat dimuatkan.',
  retry: 'Cuba lagi',
  noStaffRecord: {
    title: 'Belum ada rekod kakitangan',
    body: 'Akaun anda belum mempunyai rekod kakitangan, jadi portal belum mengetahui jabatan anda dan tiada sesiapa untuk dipaparkan di sini. Pentadbir HR akan menambah rekod itu dalam Pentadbir Sistem E-Cuti (Kakitangan, kemudian Tambah rekod kakitangan); jabatan anda dipaparkan di sini sebaik sahaja rekod itu wujud.',
  },
  away: {
    today: 'Tiada hari ini',
    thisWeek: 'Juga tiada minggu ini',
    nobodyToday: 'Semua orang ada hari ini.',
    nobodyThisWeek: 'Tiada sesiapa lagi yang tiada minggu ini.',
    truncated:
      'Hanya {{count}} ketiadaan pertama bagi setiap jenis dipaparkan. Pilih jabatan untuk melihat semua ketiadaan jabatan itu.',
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
    allDepartments: 'Semua jabatan',
    list: 'Orang',
    columns: { name: 'Nama', department: 'Jabatan', email: 'E-mel' },
    you: 'Anda',
    empty: 'Belum ada sesiapa dalam jabatan ini yang mempunyai rekod kakitangan.',
    noMatch: 'Tiada sesiapa yang sepadan dengan “{{search}}”.',
    rowsPerPage: 'Setiap halaman',
    displayedRows: '{{from}}–{{to}} daripada {{count}}',
  },
};
