import type { irAdmin as english } from '../en/ir-admin';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Teks skrin pentadbiran IR (IRAdminPage). */
export const irAdmin: Texts<typeof english> = {
  title: 'Pentadbiran IR',
  intro: 'Kategori aduan, beban kerja pegawai dan usia kes terbuka, serta ahli masuk dan keluar sebagai CSV.',
  tabs: { categories: 'Kategori', officers: 'Pegawai', import: 'Import ahli', export: 'Eksport ahli' },
  loading: 'Memuatkan…',
  loadFailed: 'Ini tidak dapat dimuatkan.',
  retry: 'Cuba lagi',
  cancel: 'Batal',
  save: 'Simpan',
  categories: {
    table: 'Kategori aduan',
    name: 'Nama',
    status: 'Status',
    cases: 'Kes',
    actions: 'Tindakan',
    active: 'Aktif',
    inactive: 'Tidak aktif',
    add: 'Tambah kategori',
    newName: 'Nama kategori baharu',
    rename: 'Tukar nama',
    renameTitle: 'Tukar nama {{name}}',
    deactivate: 'Nyahaktifkan',
    activate: 'Aktifkan',
    readOnly:
      'Hanya pentadbir IR menukar kategori. Kategori tidak pernah dipadam: yang tidak digunakan lagi dinyahaktifkan.',
    added: 'Kategori {{name}} ditambah.',
    saved: 'Kategori disimpan.',
  },
  officers: {
    workloadTitle: 'Kes terbuka bagi setiap pegawai',
    ageingTitle: 'Kes terbuka mengikut usia (hari sejak dibuka)',
    table: 'Kes terbuka bagi setiap pegawai dan mengikut usia',
    officer: 'Pegawai',
    open: 'Terbuka',
    unassigned: 'Tiada pegawai',
    total: 'Semua kes terbuka',
    asOf: 'Usia dikira hingga {{date}}.',
    chartLoading: 'Memuatkan carta…',
    buckets: { '0-30': '0–30 hari', '31-60': '31–60 hari', '61-90': '61–90 hari', '90+': 'Lebih 90 hari' },
    none: 'Tiada pegawai dan tiada kes terbuka.',
  },
  import: {
    intro:
      'Fail CSV dengan baris pengepala {{columns}}: satu ahli bagi setiap baris. No ahli yang sudah wujud mengemas kini ahli tersebut.',
    onlyAdmins: 'Hanya pentadbir IR mengimport ahli.',
    choose: 'Pilih fail CSV',
    reading: 'Membaca fail… {{count}} baris',
    checking: 'Menyemak {{count}} baris…',
    fileProblem: {
      empty: 'Fail ini tiada ahli di bawah pengepalanya.',
      header: 'Baris pengepala mesti menamakan setiap lajur; tiada: {{missing}}.',
      malformed: 'Fail tidak dapat dibaca dari baris {{line}}: tanda petik tersalah letak atau tidak ditutup.',
      tooManyRows: 'Satu fail boleh mempunyai paling banyak {{maximum}} ahli: pecahkan kepada fail yang lebih kecil.',
    },
    summary:
      '{{total}} baris: {{creates}} ahli baharu, {{updates}} kemas kini ahli sedia ada, {{problems}} baris bermasalah.',
    updates: 'Baris yang mengemas kini ahli sedia ada: {{lines}}',
    problemsTable: 'Masalah mengikut baris',
    line: 'Baris',
    field: 'Lajur',
    message: 'Masalah',
    moreProblems: '{{shown}} daripada {{count}} masalah pertama ditunjukkan; laporan mengandungi semuanya.',
    report: 'Muat turun laporan ralat',
    importValid: 'Import baris yang sah',
    importAll: 'Import hanya jika setiap baris sah',
    importing: 'Mengimport… {{done}} daripada {{total}}',
    done: 'Diimport: {{created}} baharu, {{updated}} dikemas kini, {{refused}} ditolak.',
    failed: 'Import gagal dan tiada apa yang ditulis.',
    another: 'Import fail lain',
  },
  export: {
    intro:
      'Setiap ahli sebagai CSV, dalam lajur yang diterima oleh import, supaya fail yang dieksport di sini boleh diimport semula.',
    download: 'Eksport ahli (CSV)',
    downloading: 'Mengeksport…',
    masked:
      'Fail anda menunjukkan NRIC bertopeng dan tidak mengandungi tarikh lahir, seperti halaman ahli untuk anda, jadi ia tidak boleh diimport semula.',
  },
};
