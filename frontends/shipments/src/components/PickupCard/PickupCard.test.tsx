import '../../../test/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { NO_DATE_TIME } from '../../rules/dateTime.ts';
import { type PickupTimes, pickupProblems } from '../../rules/stopTimes.ts';
import { PickupCard } from './PickupCard.tsx';

const today = '2026-11-23';

function Harness() {
  const [times, setTimes] = useState<PickupTimes>({
    ready: { date: '2026-11-24', time: '08:00' },
    close: { date: '2026-11-24', time: '16:00' },
    appointmentBegin: NO_DATE_TIME,
    appointmentEnd: NO_DATE_TIME,
    actualArrival: NO_DATE_TIME,
    actualDeparture: NO_DATE_TIME,
  });
  return (
    <PickupCard
      place={{ companyName: 'Acme Plant 2', city: 'Dayton', state: 'OH' }}
      times={times}
      onChange={setTimes}
      problems={pickupProblems(times, today)}
      today={today}
    />
  );
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('PickupCard (000 §5 rules live)', () => {
  it('ready after close moves the close date; a later time on that day flags the close', () => {
    renderWithShell(<Harness />);
    expect(screen.getByText('Acme Plant 2 · Dayton, OH')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pickup ready date'), { target: { value: '2026-11-26' } });
    expect(value('Pickup close date')).toBe('2026-11-26');
    fireEvent.change(screen.getByLabelText('Pickup ready time'), { target: { value: '17:00' } });
    expect(screen.getByRole('alert').textContent).toBe('Pickup close must not be before pickup ready.');
  });

  it('an actual arrival date gets 00:00; copy to appointment copies ready', () => {
    renderWithShell(<Harness />);
    fireEvent.change(screen.getByLabelText('Actual pickup arrival date'), {
      target: { value: '2026-11-24' },
    });
    expect(value('Actual pickup arrival time')).toBe('00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Copy to appointment' }));
    expect(value('Pickup appointment begin date')).toBe('2026-11-24');
    expect(value('Pickup appointment begin time')).toBe('08:00');
  });
});
