import '../../../test/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { PickupDatePassedModal } from './PickupDatePassedModal.tsx';

describe('PickupDatePassedModal (000 §2 item 4)', () => {
  it('proposes the pickup 2 hours ahead; dismissing keeps it', () => {
    const onAccept = vi.fn();
    const onDismiss = vi.fn();
    const proposal = { date: '2026-11-23', time: '12:00' };
    renderWithShell(
      <PickupDatePassedModal opened proposal={proposal} onAccept={onAccept} onDismiss={onDismiss} />,
    );
    expect(screen.getByRole('dialog').textContent).toContain('less than 2 hours away');
    fireEvent.click(screen.getByRole('button', { name: 'Pickup at 11/23/2026 12:00' }));
    expect(onAccept).toHaveBeenCalledWith(proposal);
    fireEvent.click(screen.getByRole('button', { name: 'Keep the pickup time' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});
