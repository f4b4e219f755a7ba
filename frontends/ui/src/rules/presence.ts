// Page presence (001 §3, §4, §6, §9): who else is viewing the page. Pure helpers.

import { PRESENCE_INITIALS_LENGTH } from '@loadline/contracts';

/** Initials of a display name, default 2 letters (001 §9): first letters of the first words, else the start of the one word. */
export function initialsOf(displayName: string, letters: number = PRESENCE_INITIALS_LENGTH): string {
  const words = displayName
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return '?';
  const fromWords = words.map((w) => w[0] ?? '').join('');
  const initials = words.length >= letters ? fromWords : (words[0] ?? '');
  return initials.slice(0, letters).toUpperCase();
}

/** ws(s)://<host>/api/live on the page's own host. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`;
}
