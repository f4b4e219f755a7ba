// Who sets a password sets one of at least this many characters (NIST SP 800-63B, for a password a person
// chooses): the one rule the gateway's credentials route and a password form apply. Pure.

export const PASSWORD_MIN_LENGTH = 8;
