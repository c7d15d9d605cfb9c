import { languageOfLocale, type Language } from '@staff-portal/shared/languages';

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
    invitation: (email: string, password: string) => ({
      subject: 'Your Staff Portal account',
      body: `Your username is ${email} and your temporary password is ${password}. You will be asked to choose a new password when you first sign in.`,
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
    invitation: (email: string, password: string) => ({
      subject: 'Akaun Portal Kakitangan anda',
      body: `Nama pengguna anda ialah ${email} dan kata laluan sementara anda ialah ${password}. Anda akan diminta memilih kata laluan baharu semasa log masuk kali pertama.`,
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
