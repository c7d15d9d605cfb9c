import { PASSWORD_MIN_LENGTH } from '@staff-portal/shared/password-policy';

// A refusal the person cannot mend themself says whom to ask, in plain words (docs/product/qualities.md §1).
const DISABLED_EN = 'Your account is disabled. To use the portal again, ask an HR or IT administrator to enable it.';
const DISABLED_MS =
  'Akaun anda telah dinyahdayakan. Untuk menggunakan portal semula, minta pentadbir HR atau IT mendayakannya.';
const TEMPORARY_EXPIRED_EN =
  'Your temporary password has expired. Ask an HR or IT administrator to send you a new invitation.';
const TEMPORARY_EXPIRED_MS =
  'Kata laluan sementara anda telah tamat tempoh. Minta pentadbir HR atau IT menghantar jemputan baharu kepada anda.';

/**
 * English for the sign-in widget where the identity service's own wording (Cognito's, which
 * Amplify matches on) is not for the person reading it: it replaces those messages only.
 */
export const enVocabulary: Record<string, string> = {
  'User is disabled.': DISABLED_EN,
  'Temporary password has expired and must be reset by an administrator.': TEMPORARY_EXPIRED_EN,
};

/**
 * Bahasa Malaysia for the sign-in widget. Amplify UI ships no Malay dictionary, so this one covers
 * every text of its English dictionary and default texts (a test holds it to that), the
 * widget's own validation messages (docs/product/specification.md §5) and the messages of the identity service and the
 * Auth client the widget shows (docs/product/specification.md §8). Amplify looks texts up by their English wording.
 */
export const msVocabulary: Record<string, string> = {
  // The widget's English dictionary.
  'Account recovery requires verified contact information':
    'Pemulihan akaun memerlukan maklumat hubungan yang telah disahkan',
  'Add your Profile': 'Tambah Profil anda',
  'Add your Website': 'Tambah Laman Web anda',
  'Authenticator App (TOTP)': 'Aplikasi Pengesah (TOTP)',
  'Back to Sign In': 'Kembali ke Log Masuk',
  'Change Password': 'Tukar Kata Laluan',
  Changing: 'Sedang menukar',
  Code: 'Kod',
  'Confirm Email Code': 'Sahkan Kod E-mel',
  'Confirm Password': 'Sahkan Kata Laluan',
  'Confirm Sign Up': 'Sahkan Pendaftaran',
  'Confirm SMS Code': 'Sahkan Kod SMS',
  'Confirm MFA Code': 'Sahkan Kod MFA',
  'Confirm TOTP Code': 'Sahkan Kod TOTP',
  Confirm: 'Sahkan',
  'Confirmation Code': 'Kod Pengesahan',
  Confirming: 'Sedang mengesahkan',
  'Create a new account': 'Cipta akaun baharu',
  'Create Account': 'Cipta Akaun',
  'Creating Account': 'Sedang mencipta akaun',
  'Dismiss alert': 'Tutup makluman',
  Email: 'E-mel',
  'Email Message': 'Mesej E-mel',
  'Enter your Birthdate': 'Masukkan Tarikh Lahir anda',
  'Enter your code': 'Masukkan kod anda',
  'Enter your Confirmation Code': 'Masukkan Kod Pengesahan anda',
  'Enter your Email': 'Masukkan E-mel anda',
  'Enter your Family Name': 'Masukkan Nama Keluarga anda',
  'Enter your Given Name': 'Masukkan Nama Diberi anda',
  'Enter your Middle Name': 'Masukkan Nama Tengah anda',
  'Enter your Name': 'Masukkan Nama anda',
  'Enter your Nickname': 'Masukkan Nama Panggilan anda',
  'Enter your Password': 'Masukkan Kata Laluan anda',
  'Enter your phone number': 'Masukkan nombor telefon anda',
  'Enter your Preferred Username': 'Masukkan Nama Pengguna Pilihan anda',
  'Enter your username': 'Masukkan nama pengguna anda',
  'Forgot password?': 'Lupa kata laluan?',
  'Forgot your password?': 'Lupa kata laluan anda?',
  'Hide password': 'Sembunyikan kata laluan',
  'It may take a minute to arrive': 'Ia mungkin mengambil masa seminit untuk sampai',
  Loading: 'Sedang dimuatkan',
  'Multi-Factor Authentication': 'Pengesahan Pelbagai Faktor',
  'Multi-Factor Authentication Setup': 'Penyediaan Pengesahan Pelbagai Faktor',
  'New password': 'Kata laluan baharu',
  or: 'atau',
  Password: 'Kata Laluan',
  'Phone Number': 'Nombor Telefon',
  'Please confirm your Password': 'Sila sahkan Kata Laluan anda',
  'Resend Code': 'Hantar Semula Kod',
  'Reset your password': 'Tetapkan semula kata laluan anda',
  'Reset your Password': 'Tetapkan Semula Kata Laluan anda',
  'Select MFA Type': 'Pilih Jenis MFA',
  'Send code': 'Hantar kod',
  'Send Code': 'Hantar Kod',
  Sending: 'Sedang menghantar',
  'Setup Email': 'Sediakan E-mel',
  'Setup TOTP': 'Sediakan TOTP',
  'Show password': 'Tunjukkan kata laluan',
  'Sign in to your account': 'Log masuk ke akaun anda',
  'Sign In with Amazon': 'Log Masuk dengan Amazon',
  'Sign In with Apple': 'Log Masuk dengan Apple',
  'Sign In with Facebook': 'Log Masuk dengan Facebook',
  'Sign In with Google': 'Log Masuk dengan Google',
  'Sign in': 'Log masuk',
  'Sign In': 'Log Masuk',
  'Signing in': 'Sedang log masuk',
  Skip: 'Langkau',
  Submit: 'Hantar',
  Submitting: 'Sedang menghantar',
  'Text Message (SMS)': 'Mesej Teks (SMS)',
  Username: 'Nama Pengguna',
  'Verify Contact': 'Sahkan Maklumat Hubungan',
  Verify: 'Sahkan',
  'We Emailed You': 'Kami Telah Menghantar E-mel kepada Anda',
  'We Sent A Code': 'Kami Telah Menghantar Kod',
  'We Texted You': 'Kami Telah Menghantar SMS kepada Anda',
  'Your code is on the way. To log in, enter the code we emailed to':
    'Kod anda sedang dihantar. Untuk log masuk, masukkan kod yang kami hantar melalui e-mel kepada',
  'Your code is on the way. To log in, enter the code we sent you':
    'Kod anda sedang dihantar. Untuk log masuk, masukkan kod yang kami hantar kepada anda',
  'Your code is on the way. To log in, enter the code we texted to':
    'Kod anda sedang dihantar. Untuk log masuk, masukkan kod yang kami hantar melalui SMS kepada',

  // Default texts that the English dictionary does not list.
  Birthdate: 'Tarikh Lahir',
  Continue: 'Teruskan',
  'Continue without a Passkey': 'Teruskan tanpa Kunci Laluan',
  'Create account with Email OTP': 'Cipta akaun dengan OTP E-mel',
  'Create account with Password': 'Cipta akaun dengan Kata Laluan',
  'Create account with SMS OTP': 'Cipta akaun dengan OTP SMS',
  'Create a Passkey': 'Cipta Kunci Laluan',
  'Enter your Phone Number': 'Masukkan Nombor Telefon anda',
  'Please enter your username first': 'Sila masukkan nama pengguna anda dahulu',
  'Existing Passkeys': 'Kunci Laluan Sedia Ada',
  'Family Name': 'Nama Keluarga',
  'Given Name': 'Nama Diberi',
  'Forgot Password?': 'Lupa Kata Laluan?',
  'Middle Name': 'Nama Tengah',
  Name: 'Nama',
  Nickname: 'Nama Panggilan',
  'Other sign-in options': 'Pilihan log masuk lain',
  'Passkey authentication was canceled. Please try again or use a different sign-in method.':
    'Pengesahan kunci laluan telah dibatalkan. Sila cuba lagi atau gunakan kaedah log masuk yang lain.',
  'Passkey created successfully!': 'Kunci laluan berjaya dicipta!',
  Passkey: 'Kunci Laluan',
  'Passkeys are WebAuthn credentials that validate your identity using biometric data like touch or facial recognition or device authentication like passwords or PINs, serving as a secure password replacement.':
    'Kunci laluan ialah kelayakan WebAuthn yang mengesahkan identiti anda menggunakan data biometrik seperti cap jari atau pengecaman wajah, atau pengesahan peranti seperti kata laluan atau PIN, sebagai pengganti kata laluan yang selamat.',
  'Sign in faster with Passkey': 'Log masuk lebih pantas dengan Kunci Laluan',
  'Your passkey has been successfully registered.': 'Kunci laluan anda telah berjaya didaftarkan.',
  'Failed to create passkey. Please try again.': 'Kunci laluan gagal dicipta. Sila cuba lagi.',
  'Passwordless authentication is not enabled for this account. Please contact your administrator or use password sign-in.':
    'Pengesahan tanpa kata laluan tidak didayakan untuk akaun ini. Sila hubungi pentadbir anda atau log masuk dengan kata laluan.',
  'Preferred Username': 'Nama Pengguna Pilihan',
  Profile: 'Profil',
  Registering: 'Sedang mendaftar',
  'Reset Password': 'Tetapkan Semula Kata Laluan',
  'Unable to send verification code. Please try again.': 'Kod pengesahan tidak dapat dihantar. Sila cuba lagi.',
  'Your verification code has expired. Please request a new code.':
    'Kod pengesahan anda telah tamat tempoh. Sila minta kod baharu.',
  'The verification code you entered is incorrect. Please try again.':
    'Kod pengesahan yang anda masukkan tidak betul. Sila cuba lagi.',
  'Setup another Passkey': 'Sediakan Kunci Laluan lain',
  'Sign In with Email': 'Log Masuk dengan E-mel',
  'Sign In with Passkey': 'Log Masuk dengan Kunci Laluan',
  'Sign In with Password': 'Log Masuk dengan Kata Laluan',
  'Sign In with SMS': 'Log Masuk dengan SMS',
  COPY: 'SALIN',
  Website: 'Laman Web',

  // Texts the widget asks for that are in neither list (field labels and placeholders).
  'Code *': 'Kod *',
  // Fixed texts of the primitives the widget uses (see translateFixedTexts).
  'Password is hidden': 'Kata laluan disembunyikan',
  'Password is shown': 'Kata laluan ditunjukkan',
  'Country code': 'Kod negara',
  'New Password': 'Kata Laluan Baharu',
  'Enter your email': 'Masukkan e-mel anda',
  'Enter your Username': 'Masukkan Nama Pengguna anda',
  COPIED: 'DISALIN',
  'Copy and paste the secret key below into an authenticator app and then enter the code in the text field below.':
    'Salin dan tampal kunci rahsia di bawah ke dalam aplikasi pengesah, kemudian masukkan kod dalam medan teks di bawah.',
  'Please enter a valid email': 'Sila masukkan e-mel yang sah',
  'This field is required': 'Medan ini wajib diisi',
  [`Password must have at least ${PASSWORD_MIN_LENGTH} characters`]: `Kata laluan mesti mempunyai sekurang-kurangnya ${PASSWORD_MIN_LENGTH} aksara`,
  'Password must have lower case letters': 'Kata laluan mesti mempunyai huruf kecil',
  'Password must have upper case letters': 'Kata laluan mesti mempunyai huruf besar',
  'Password must have numbers': 'Kata laluan mesti mempunyai nombor',
  'Password must have special characters': 'Kata laluan mesti mempunyai aksara khas',
  'Your passwords must match': 'Kata laluan anda mestilah sepadan',
  'Configuration error (see console) – please contact the administrator':
    'Ralat konfigurasi (lihat konsol) – sila hubungi pentadbir',

  // The identity service's messages (Cognito's wording) that the widget shows.
  'Incorrect username or password.': 'Nama pengguna atau kata laluan tidak betul.',
  'Password attempts exceeded': 'Had percubaan kata laluan telah dilampaui',
  'User is disabled.': DISABLED_MS,
  'User does not exist.': 'Pengguna tidak wujud.',
  'User is not confirmed.': 'Pengguna belum disahkan.',
  'User is already confirmed.': 'Pengguna telah pun disahkan.',
  'Password reset required for the user': 'Pengguna perlu menetapkan semula kata laluan',
  'User password cannot be reset in the current state.':
    'Kata laluan pengguna tidak boleh ditetapkan semula dalam keadaan semasa.',
  'Temporary password has expired and must be reset by an administrator.': TEMPORARY_EXPIRED_MS,
  'Invalid session for the user, session is expired.': 'Sesi pengguna tidak sah, sesi telah tamat tempoh.',
  'Invalid code received for user': 'Kod yang diterima untuk pengguna tidak sah',
  'Invalid verification code provided, please try again.': 'Kod pengesahan yang diberikan tidak sah, sila cuba lagi.',
  'Invalid code provided, please request a code again.': 'Kod yang diberikan tidak sah, sila minta kod sekali lagi.',
  'Code mismatch and fail enable Software Token MFA': 'Kod tidak sepadan dan MFA token perisian gagal didayakan',
  'Attempt limit exceeded, please try after some time.': 'Had percubaan telah dilampaui, sila cuba sebentar lagi.',
  'An account with the given email already exists.': 'Akaun dengan e-mel tersebut sudah wujud.',
  'Username should be an email.': 'Nama pengguna mestilah alamat e-mel.',
  'Invalid email address format.': 'Format alamat e-mel tidak sah.',
  'Invalid phone number format.': 'Format nombor telefon tidak sah.',
  'SignUp is not permitted for this user pool': 'Pendaftaran tidak dibenarkan untuk kumpulan pengguna ini',
  'An internal error occurred.': 'Ralat dalaman telah berlaku.',
  'Password did not conform with policy: Password not long enough':
    'Kata laluan tidak mematuhi polisi: Kata laluan tidak cukup panjang',
  'Password did not conform with policy: Password must have lowercase characters':
    'Kata laluan tidak mematuhi polisi: Kata laluan mesti mempunyai huruf kecil',
  'Password did not conform with policy: Password must have uppercase characters':
    'Kata laluan tidak mematuhi polisi: Kata laluan mesti mempunyai huruf besar',
  'Password did not conform with policy: Password must have numeric characters':
    'Kata laluan tidak mematuhi polisi: Kata laluan mesti mempunyai nombor',
  'Password did not conform with policy: Password must have symbol characters':
    'Kata laluan tidak mematuhi polisi: Kata laluan mesti mempunyai simbol',
  'Password did not conform with policy: Password must have at most 256 characters':
    'Kata laluan tidak mematuhi polisi: Kata laluan mesti mempunyai paling banyak 256 aksara',

  // The Auth client's own messages (docs/product/specification.md §8 "Local").
  'A network error has occurred.': 'Ralat rangkaian telah berlaku.',
  'An unknown error occurred.': 'Ralat yang tidak diketahui telah berlaku.',
  'There is already a signed in user.': 'Sudah ada pengguna yang log masuk.',
  'User needs to be authenticated to call this API.': 'Pengguna perlu disahkan untuk memanggil API ini.',
  'The account was not confirmed on time.': 'Akaun tidak disahkan dalam masa yang ditetapkan.',
};
