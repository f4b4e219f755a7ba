// How many sign-in attempts are tolerated before the gateway answers 429. Attempts are
// reserved atomically before the password is checked, so a burst of parallel guesses cannot
// slip past the limit. The account limit counts attempts from one address only: someone
// guessing from elsewhere can never lock a user out of their own desk. A correct password
// clears that address's count for the account.

export const failedLoginWindowSeconds = 15 * 60;
/** attempts at one account from one address within the window */
export const maxLoginAttemptsPerAccountAndAddress = 10;
/** failed attempts from one address, at any accounts, within the window */
export const maxFailedLoginsPerAddress = 50;

export interface AttemptCounts {
  /** attempts at this account from this address, this one included */
  accountFromAddress: number;
  /** failures from this address, plus attempts in flight, this one included */
  address: number;
}

export function isThrottled(counts: AttemptCounts): boolean {
  return (
    counts.accountFromAddress > maxLoginAttemptsPerAccountAndAddress ||
    counts.address > maxFailedLoginsPerAddress
  );
}

export const throttledMessage = (secondsLeft: number): string =>
  `Too many failed sign-in attempts. Please wait ${Math.max(1, Math.ceil(secondsLeft / 60))} minute(s) and try again.`;

export const wrongCredentialsMessage = 'The email or password is incorrect.';
