import { languageOfLocale, type Language } from '@staff-portal/shared/languages';

/** What an invitation says: where to sign in, with what, and for how long the password lasts. */
export interface Invitation {
  email: string;
  password: string;
  /** The portal's address, where the invited person signs in; left out when the service has none. */
  signInUrl: string | undefined;
  /** How many days the temporary password lasts. */
  days: number;
}

/**
 * The identity service's messages (codes and invitations), in the language of the account they
 * are sent to: its standard `locale` attribute, which the portal's profile page sets (decision
 * record 0032), as a Cognito custom-message trigger would read it. English when it is not set.
 */
const TEXTS = {
  en: {
    verificationCode: (code: string) => ({
      subject: 'Your Staff Portal verification code',
      body: `Your verification code is ${code}. It may take a minute to arrive.`,
    }),
    passwordResetCode: (code: string) => ({
      subject: 'Your Staff Portal password reset code',
      body: `Your password reset code is ${code}. It expires in one hour.`,
    }),
    confirmationCode: (code: string) => ({
      subject: 'Your Staff Portal confirmation code',
      body: `Your confirmation code is ${code}. It may take a minute to arrive.`,
    }),
    invitation: ({ email, password, signInUrl, days }: Invitation) => ({
      subject: 'Your Staff Portal account',
      body: [
        'Your Staff Portal account is ready.',
        ...(signInUrl ? [`Sign in at ${signInUrl}.`] : []),
        `Your username is ${email} and your temporary password is ${password}.`,
        `It lasts ${days} ${days === 1 ? 'day' : 'days'}: sign in before then, and choose your own password when asked.`,
        'If it has expired, ask your administrator to send a new invitation.',
      ].join(' '),
    }),
    adminReset: (code: string) => ({
      subject: 'Your Staff Portal password was reset',
      body: `An administrator reset your password. Your reset code is ${code}. It expires in one hour.`,
    }),
    signInCode: (code: string) => ({
      subject: 'Staff Portal sign-in code',
      body: `Your sign-in code is ${code}.`,
    }),
  },
  ms: {
    verificationCode: (code: string) => ({
      subject: 'Kod pengesahan Portal Kakitangan anda',
      body: `Kod pengesahan anda ialah ${code}. Ia mungkin mengambil masa seminit untuk sampai.`,
    }),
    passwordResetCode: (code: string) => ({
      subject: 'Kod tetapan semula kata laluan Portal Kakitangan anda',
      body: `Kod tetapan semula kata laluan anda ialah ${code}. Ia tamat tempoh dalam masa satu jam.`,
    }),
    confirmationCode: (code: string) => ({
      subject: 'Kod pengesahan akaun Portal Kakitangan anda',
      body: `Kod pengesahan akaun anda ialah ${code}. Ia mungkin mengambil masa seminit untuk sampai.`,
    }),
    invitation: ({ email, password, signInUrl, days }: Invitation) => ({
      subject: 'Akaun Portal Kakitangan anda',
      body: [
        'Akaun Portal Kakitangan anda sudah sedia.',
        ...(signInUrl ? [`Log masuk di ${signInUrl}.`] : []),
        `Nama pengguna anda ialah ${email} dan kata laluan sementara anda ialah ${password}.`,
        `Ia sah selama ${days} hari: log masuk sebelum itu, dan pilih kata laluan anda sendiri apabila diminta.`,
        'Jika ia telah tamat tempoh, minta pentadbir anda menghantar jemputan baharu.',
      ].join(' '),
    }),
    adminReset: (code: string) => ({
      subject: 'Kata laluan Portal Kakitangan anda telah ditetapkan semula',
      body: `Pentadbir telah menetapkan semula kata laluan anda. Kod tetapan semula anda ialah ${code}. Ia tamat tempoh dalam masa satu jam.`,
    }),
    signInCode: (code: string) => ({
      subject: 'Kod log masuk Portal Kakitangan',
      body: `Kod log masuk anda ialah ${code}.`,
    }),
  },
} satisfies Record<Language, unknown>;

export type MessageTexts = (typeof TEXTS)['en'];

/** The messages in the language of an account with these attributes. */
export function messagesFor(attributes: Record<string, string>): MessageTexts {
  return TEXTS[languageOfLocale(attributes['locale'])];
}
