// How many failed logins are tolerated before the gateway answers 429. Successful logins
// are never limited (a busy office logs in at 8:00); failures are limited per account and
// per address, which stops password guessing without locking out a whole office.

export const failedLoginWindowSeconds = 15 * 60;
export const maxFailedLoginsPerAccount = 10;
export const maxFailedLoginsPerAddress = 50;

export interface FailureCounts {
  account: number;
  address: number;
}

export function isThrottled(counts: FailureCounts): boolean {
  return counts.account >= maxFailedLoginsPerAccount || counts.address >= maxFailedLoginsPerAddress;
}

export const throttledMessage = (secondsLeft: number): string =>
  `Too many failed sign-in attempts. Please wait ${Math.max(1, Math.ceil(secondsLeft / 60))} minute(s) and try again.`;

export const wrongCredentialsMessage = 'The email or password is incorrect.';
