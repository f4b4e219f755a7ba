import '../../../test/setup.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PresenceUser } from '../../api/types.ts';
import { initialsOf } from '../../rules/presence.ts';
import { LoadlineProvider } from '../LoadlineProvider/index.ts';
import { PresenceAvatars } from './PresenceAvatars.tsx';

const viewer = (n: number, DisplayName: string): PresenceUser => ({
  GroupName: 'shp_1',
  PageTitle: 'Shipment',
  Uri: '/back-office/shipment/shipment-details/1',
  ConnectionId: `c${n}`,
  DateTimeJoined: '2026-01-05T10:00:00Z',
  DisplayName,
  Company: 'Broker One',
  UserNameSHA1: `sha${n}`,
});

describe('presence initials (001 §9: default 2 letters)', () => {
  it.each([
    ['Ana Diaz', 'AD'],
    ['ana maria diaz', 'AM'],
    ['Madonna', 'MA'],
    ['  ', '?'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('shows one avatar per other viewer, with initials', () => {
    render(
      <LoadlineProvider env="test">
        <PresenceAvatars users={[viewer(1, 'Ana Diaz'), viewer(2, 'Bo Chen')]} />
      </LoadlineProvider>,
    );
    expect(screen.getByLabelText('Ana Diaz').textContent).toBe('AD');
    expect(screen.getByLabelText('Bo Chen').textContent).toBe('BC');
  });
});
