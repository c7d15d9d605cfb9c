import type { Language } from '@staff-portal/shared/languages';
import type { Mail } from '../../mail/outbox-mail';

/** To an officer newly in charge of a case (docs/product/ir.md §2). */
export function officerMail(caseNo: string, subject: string, memberName: string, to: string, publicUrl: string): Mail {
  const link = `${publicUrl.replace(/\/$/, '')}/shared/industrial-relations/grievances/${caseNo}`;
  return {
    to,
    compose: (language: Language) =>
      language === 'ms'
        ? {
            subject: `Kes ${caseNo} kini di bawah tanggungjawab anda`,
            body: [
              `Anda kini pegawai yang bertanggungjawab bagi kes aduan ${caseNo}.`,
              '',
              `Ahli: ${memberName}`,
              `Perkara: ${subject}`,
              '',
              `Buka kes: ${link}`,
            ].join('\n'),
          }
        : {
            subject: `Grievance case ${caseNo} is now yours`,
            body: [
              `You are now the officer in charge of grievance case ${caseNo}.`,
              '',
              `Member: ${memberName}`,
              `Subject: ${subject}`,
              '',
              `Open the case: ${link}`,
            ].join('\n'),
          },
  };
}
