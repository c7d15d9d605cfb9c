import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { CLIENT_ID, DEMO_PASSWORD, identityClient } from './accounts';
import { addDays, mondayOf, YEAR } from './leave-steps';

/**
 * Reads of the API that a flow needs to choose its dates, not what it tests: signed in as a
 * demo account with the password flow (what the web app does with SRP), then plain fetches.
 */
export async function idTokenOf(serverUrl: string, email: string): Promise<string> {
  const sdk = identityClient(serverUrl);
  const { AuthenticationResult } = await sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  );
  const token = AuthenticationResult?.IdToken;
  if (token === undefined) throw new Error(`No id token for ${email}: a challenge was asked instead.`);
  return token;
}

/** The dates of the organisation's public holidays of `year`. */
export async function holidayDates(serverUrl: string, token: string, year: number): Promise<Set<string>> {
  const response = await fetch(`${serverUrl}/api/leave/holidays?year=${year}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /api/leave/holidays answered ${response.status}`);
  const holidays = (await response.json()) as { date: string }[];
  return new Set(holidays.map((holiday) => holiday.date));
}

/** Today in the organisation's time zone (Asia/Kuala_Lumpur, the embedded default). */
export function todayInKualaLumpur(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/**
 * The Monday of the first week starting `weeksAhead` weeks or more after this one whose Monday
 * to Friday holds no public holiday, so every weekday of it is a working day for leave.
 */
export async function freeWeekAhead(serverUrl: string, email: string, weeksAhead: number): Promise<string> {
  let monday = addDays(mondayOf(todayInKualaLumpur()), 7 * weeksAhead);
  const token = await idTokenOf(serverUrl, email);
  const holidays = new Map<number, Set<string>>();
  for (;;) {
    const friday = addDays(monday, 4);
    const years = [...new Set([monday, friday].map((date) => Number(date.slice(0, 4))))];
    for (const year of years) {
      if (!holidays.has(year)) holidays.set(year, await holidayDates(serverUrl, token, year));
    }
    const days = [0, 1, 2, 3, 4].map((n) => addDays(monday, n));
    if (!days.some((day) => holidays.get(Number(day.slice(0, 4)))!.has(day))) return monday;
    monday = addDays(monday, 7);
  }
}

/**
 * Dates for flows that apply for leave of their own: weeks of next year from the second week of
 * July on (the demo's requests end about two months ahead, and next year's balance is fresh)
 * whose Monday to Friday holds no public holiday, whichever year the tests run in.
 * `julyDay(weekday, weeks)` is that weekday (1 = Monday … 5 = Friday) of the `weeks`-th such week.
 */
export async function julyWeeks(
  serverUrl: string,
  email: string,
  count = 4,
): Promise<(weekday: number, weeks?: number) => string> {
  const holidays = await holidayDates(serverUrl, await idTokenOf(serverUrl, email), YEAR);
  const mondays: string[] = [];
  const eighth = `${YEAR}-07-08`;
  let monday = mondayOf(eighth) < eighth ? addDays(mondayOf(eighth), 7) : eighth;
  while (mondays.length < count) {
    if (![0, 1, 2, 3, 4].some((n) => holidays.has(addDays(monday, n)))) mondays.push(monday);
    monday = addDays(monday, 7);
  }
  return (weekday, weeks = 0) => {
    if (weekday < 1 || weekday > 5 || mondays[weeks] === undefined)
      throw new RangeError(`no July day ${weekday}/${weeks}`);
    return addDays(mondays[weeks], weekday - 1);
  };
}
