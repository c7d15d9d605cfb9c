import { count } from 'drizzle-orm';
import type { Db, Transaction } from '../db/client';
import { postAttachments, posts } from '../db/schema/posts';

/**
 * The demo's posts (docs/product/screens.md §2 and §13, decision record 0048): one of each status,
 * for everyone and for one department, and staff information with a PDF. Times are relative to
 * the first start, so the scheduled one is published three days later, by the clock alone. A few
 * rows: the first start stays fast (docs/product/qualities.md §4).
 */

/** The demo HR admin writes them; the id is a placeholder, as no account exists yet when the demo is seeded. */
const AUTHOR = { id: 'demo:hradmin@staffportal.example', name: 'Tan Mei Ling' };

const DAY = 86_400_000;

/**
 * A one-page PDF of a title and a few lines of ASCII text in Helvetica, with a correct
 * cross-reference table, so that any reader opens it.
 */
export function demoPdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, '\\$&');
  const content = [
    'BT',
    '/F1 18 Tf',
    '72 770 Td',
    `(${escape(title)}) Tj`,
    '/F1 11 Tf',
    '0 -30 Td',
    ...lines.flatMap((line) => [`(${escape(line)}) Tj`, '0 -16 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const HANDBOOK_LINES = [
  'Working hours: Monday to Friday, 8.30 am to 5.30 pm; lunch 1 pm to 2 pm.',
  'Leave: apply on the portal before you go; your approver decides within three working days.',
  'Medical leave: upload the certificate with the request.',
  'Claims and payslips: HR services on the portal.',
  'Grievances and member matters: the Industrial Relations department.',
  'Questions: write to HR at hr@staffportal.example.',
];

/** Seeds the demo posts into an empty posts table; a table with posts is left alone. */
export async function seedDemoPosts(db: Db | Transaction, options: { orgDepartment: string; now?: Date }) {
  const now = (options.now ?? new Date()).getTime();
  const at = (days: number) => new Date(now + days * DAY);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(posts);
    if (existing!.n > 0) return;
    const by = {
      authorId: AUTHOR.id,
      authorName: AUTHOR.name,
      lastEditorId: AUTHOR.id,
      lastEditorName: AUTHOR.name,
    };
    const everyone = { audienceEveryone: true, audienceDepartments: [] };
    const rows = await tx
      .insert(posts)
      .values([
        {
          ...by,
          ...everyone,
          kind: 'announcement',
          title: 'Welcome to the new Staff Portal',
          body: [
            'The Staff Portal brings **leave**, **staff movement** and **industrial relations** into one place.',
            '',
            '- Apply for leave and follow your requests under *HR services*.',
            '- Announcements and staff information appear here, on Home.',
            '',
            'Sign in with your work e-mail. Questions go to the HR department.',
          ].join('\n'),
          pinned: true,
          publishAt: at(-2),
          createdAt: at(-2),
          updatedAt: at(-2),
        },
        {
          ...by,
          kind: 'announcement',
          title: 'IR officers: case review every Monday',
          body: 'From next week the open grievance cases are reviewed every **Monday at 10 am** in the IR meeting room. Bring the cases aged over 60 days.',
          audienceEveryone: false,
          audienceDepartments: ['IR'],
          publishAt: at(-1),
          createdAt: at(-1),
          updatedAt: at(-1),
        },
        {
          ...by,
          ...everyone,
          kind: 'announcement',
          title: 'Year-end closing: office hours',
          body: 'The office closes at **1 pm** on the last working day of the year. Please submit your leave requests for the holidays before then.',
          publishAt: at(3),
          expireAt: at(33),
          // Mailed to everyone by the posts mail loop when its publish time comes.
          emailAudience: true,
          createdAt: at(-1),
          updatedAt: at(-1),
        },
        {
          ...by,
          ...everyone,
          kind: 'announcement',
          title: 'Hari Raya open house',
          body: 'Join us for the Hari Raya open house in the main hall on Friday from 11 am. Selamat Hari Raya!',
          publishAt: at(-60),
          expireAt: at(-30),
          createdAt: at(-61),
          updatedAt: at(-61),
        },
        {
          ...by,
          kind: 'announcement',
          title: 'New parking arrangements',
          body: 'Draft: the basement car park will be assigned by department from next month. Details to follow.',
          audienceEveryone: false,
          audienceDepartments: [options.orgDepartment, 'HR'],
          createdAt: at(0),
          updatedAt: at(0),
        },
        {
          ...by,
          ...everyone,
          kind: 'staffInfo',
          title: 'Staff handbook: a summary',
          body: 'The one-page summary of the staff handbook is attached. The full handbook is kept by HR.',
          publishAt: at(-10),
          createdAt: at(-10),
          updatedAt: at(-10),
        },
      ])
      .returning({ id: posts.id, title: posts.title });
    const handbook = rows.find((row) => row.title === 'Staff handbook: a summary')!;
    const pdf = demoPdf('Staff handbook: a summary', HANDBOOK_LINES);
    await tx.insert(postAttachments).values({
      postId: handbook.id,
      fileName: 'staff-handbook-summary.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      data: pdf,
      position: 1,
    });
  });
}
