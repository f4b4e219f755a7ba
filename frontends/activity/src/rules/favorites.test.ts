// The favorite toggle's rules (001 §3, §4, §8): what a favorite shows, whose it is, the failure text.
import { messages } from '@loadline/contracts';
import { formatDateTime } from '@loadline/ui';
import { describe, expect, it } from 'vitest';
import { completed, favorite, notAssigned } from '../../test/fixtures.ts';
import {
  clickActivates,
  favoriteShown,
  favoriteText,
  favoriteUpdateFailed,
  othersActive,
  staffFavorite,
  teamFavorite,
  withFavorite,
} from './favorites.ts';

describe('favorite rules', () => {
  it('reads none or Inactive as not assigned, Active as assigned or scheduled, Complete as completed', () => {
    expect(favoriteShown(undefined)).toEqual({ state: 'NotAssigned' });
    expect(favoriteShown(notAssigned())).toEqual({ state: 'NotAssigned' });
    expect(favoriteShown(favorite())).toEqual({ state: 'Active' });
    const due = '2026-11-25T09:00:00.000Z';
    const scheduled = favoriteShown(favorite({ isAssigned: false, isScheduled: true, dueDate: due }));
    expect(scheduled).toEqual({ state: 'Scheduled', dueDate: due });
    expect(favoriteShown(completed())).toEqual({ state: 'Complete' });
    expect(
      [favoriteShown(undefined), favoriteShown(favorite()), favoriteShown(completed()), scheduled].map(
        favoriteText,
      ),
    ).toEqual(['Not assigned', 'Assigned', 'Completed', `Scheduled ${formatDateTime(due)}`]);
    expect(clickActivates(favoriteShown(undefined))).toBe(true);
    expect(clickActivates(scheduled)).toBe(false);
  });

  it('finds the caller’s own and the team’s, and the other staff active on the shipment', () => {
    const list = [
      favorite({ isTeam: true }),
      favorite({ staffId: 'usr_2' }),
      completed({ staffId: 'usr_3' }),
    ];
    expect(teamFavorite(list)?.isTeam).toBe(true);
    expect(staffFavorite(list, 'usr_2')?.staffId).toBe('usr_2');
    expect(staffFavorite(list, null)).toBeUndefined();
    expect(othersActive(list, 'usr_1').map((f) => f.staffId)).toEqual(['usr_2']);
  });

  it('puts the server’s answer in place of the favorite it changed, or adds it', () => {
    const list = [favorite({ isTeam: true }), favorite()];
    expect(withFavorite(list, completed())).toEqual([favorite({ isTeam: true }), completed()]);
    expect(withFavorite([favorite()], favorite({ isTeam: true }))).toEqual([
      favorite(),
      favorite({ isTeam: true }),
    ]);
  });

  it('words a failed update with the server’s message, else the browser’s reason, else the status', () => {
    const body = { statusCode: 409, error: 'Conflict', message: 'The shipment is archived.' };
    expect(favoriteUpdateFailed(409, body)).toBe(
      'Unable to update favorite. Error: The shipment is archived.',
    );
    expect(favoriteUpdateFailed(0, new TypeError('Failed to fetch'))).toBe(
      messages.favorites.updateFailed('Failed to fetch'),
    );
    expect(favoriteUpdateFailed(502, '<html>')).toBe(
      'Unable to update favorite. Error: the server answered 502.',
    );
  });
});
