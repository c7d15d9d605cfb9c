import type { irAdmin as english } from '../en/ir-admin';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Teks skrin pentadbiran IR (IRAdminPage). */
export const irAdmin: Texts<typeof english> = {
  title: 'Pentadbiran IR',
  intro: 'Kategori aduan, beban kerja pegawai dan usia kes terbuka, serta ahli masuk dan keluar sebagai CSV.',
  tabs: { categories: 'Kategori', officers: 'Pegawai', import: 'Import ahli', export: 'Eksport ahli' },
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
    deactivateTitle: 'Nyahaktifkan {{name}}?',
    deactivateBody_one:
      '{{count}} kes menggunakannya. Kes itu mengekalkannya, dan ia dipaparkan dalam carian dan eksport; kes baharu tidak lagi boleh memilihnya. Anda boleh mengaktifkannya semula.',
    deactivateBody_other:
      '{{count}} kes menggunakannya. Kes-kes itu mengekalkannya, dan ia dipaparkan dalam carian dan eksport; kes baharu tidak lagi boleh memilihnya. Anda boleh mengaktifkannya semula.',
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
    cells:
      'Tarikh sebagai YYYY-MM-DD; jantina F atau M; status active, lapsed, resigned atau deceased (atau perkataan yang dipaparkan pada skrin).',
    template: 'Muat turun templat',
    templateFileName: 'ahli',
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
    encoding: {
      intro:
        'Sesetengah teks dalam fail kelihatan dikodkan dengan salah, dan akan diimport seperti yang terpapar di sini:',
      cell: 'Baris {{line}}, {{field}}: “{{text}}”',
      unreadable:
        'Aksara yang tidak dapat dibaca oleh portal (�): fail ini mungkin Windows-1252 (ANSI), seperti “CSV” yang disimpan oleh Excel pada Windows. Baca sebagai Windows-1252 di bawah, atau simpan sebagai “CSV UTF-8” dan pilih semula.',
      readAsWindows1252:
        'Teks seperti “Ã©” ialah UTF-8 yang dibaca sebagai Windows-1252: baca fail sebagai UTF-8 di bawah, atau betulkan fail jika ia disimpan begitu.',
      byteOrderMark:
        'Tanda tertib bait yang tidak kelihatan terdapat dalam satu sel: buangnya daripada fail dan pilih semula.',
      label: 'Pengekodan fail',
      'utf-8': 'UTF-8',
      'windows-1252': 'Windows-1252 (ANSI)',
    },
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
