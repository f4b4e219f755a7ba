import '../../../test/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { NO_DATE_TIME } from '../../rules/dateTime.ts';
import { type DeliveryTimes, deliveryProblems } from '../../rules/stopTimes.ts';
import { DeliveryCard } from './DeliveryCard.tsx';

const today = '2026-11-23';

function Harness() {
  const [times, setTimes] = useState<DeliveryTimes>({
    estimated: { date: '2026-11-25', time: '08:00' },
    close: { date: '2026-11-25', time: '16:00' },
    appointmentBegin: NO_DATE_TIME,
    appointmentEnd: NO_DATE_TIME,
    podArrival: NO_DATE_TIME,
    podDeparture: NO_DATE_TIME,
  });
  const [signedBy, setSignedBy] = useState('');
  return (
    <DeliveryCard
      place={{ companyName: 'Midwest Distribution', city: 'Chicago', state: 'IL' }}
      times={times}
      onChange={setTimes}
      problems={deliveryProblems(times, today)}
      today={today}
      signedBy={signedBy}
      onSignedByChange={setSignedBy}
    />
  );
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('DeliveryCard (000 §5 rules live)', () => {
  it('estimated after close moves the close date; a later time flags the estimate', () => {
    renderWithShell(<Harness />);
    fireEvent.change(screen.getByLabelText('Delivery estimated date'), { target: { value: '2026-11-27' } });
    expect(value('Delivery close date')).toBe('2026-11-27');
    fireEvent.change(screen.getByLabelText('Delivery estimated time'), { target: { value: '16:30' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Delivery estimated must be on or before delivery close.',
    );
  });

  it('a proof-of-delivery arrival date fills both times with 00:00; clearing it clears them', () => {
    renderWithShell(<Harness />);
    fireEvent.change(screen.getByLabelText('Proof of delivery arrival date'), {
      target: { value: '2026-11-25' },
    });
    expect(value('Proof of delivery arrival time')).toBe('00:00');
    expect(value('Proof of delivery departure time')).toBe('00:00');
    fireEvent.change(screen.getByLabelText('Proof of delivery arrival date'), { target: { value: '' } });
    expect(value('Proof of delivery arrival time')).toBe('');
    expect(value('Proof of delivery departure time')).toBe('');
  });

  it('copies the estimate to the appointment and edits the signed-by', () => {
    renderWithShell(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy to appointment' }));
    expect(value('Delivery appointment begin date')).toBe('2026-11-25');
    fireEvent.change(screen.getByLabelText('Proof of delivery signed by'), {
      target: { value: 'J. Receiving' },
    });
    expect(value('Proof of delivery signed by')).toBe('J. Receiving');
  });
});
