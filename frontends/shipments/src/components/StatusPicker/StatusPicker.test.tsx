import '../../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { StatusPicker } from './StatusPicker.tsx';

// The choices are the service's answer (GET …/shipmentdetails/{id}): suggestedStatuses, manualStatuses,
// allowedStatuses, canCancel. The picker shows them as given.
const domesticManual = [5, 10, 210, 220, 300, 410, 420, 1000];

describe('StatusPicker (000 §4)', () => {
  it('offers the server’s suggestions and the custom picker with --Select--', () => {
    const onChoose = vi.fn();
    renderWithShell(
      <StatusPicker
        current={210}
        choices={{
          suggestedStatuses: { previous: 10, next: 300, other: 220 },
          manualStatuses: domesticManual,
          allowedStatuses: [10, 220, 300],
          canCancel: true,
        }}
        choice={null}
        onChoose={onChoose}
      />,
    );
    const suggested = within(screen.getByRole('group', { name: 'Suggested statuses' }));
    expect(suggested.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Committed',
      'Dispatched',
      'Sent',
    ]);
    fireEvent.click(suggested.getByRole('button', { name: 'Dispatched' }));
    expect(onChoose).toHaveBeenCalledWith(300);
    const picker = screen.getByLabelText('Custom status') as HTMLSelectElement;
    expect(picker.options[0]?.textContent).toBe('--Select--');
    expect(picker.options[picker.options.length - 1]?.value).toBe('-1');
    // Not allowed by the service: offered but disabled.
    expect([...picker.options].find((o) => o.textContent === 'Delivered')?.disabled).toBe(true);
    expect([...picker.options].find((o) => o.textContent === 'Sent')?.disabled).toBe(false);
    fireEvent.change(picker, { target: { value: '-1' } });
    expect(onChoose).toHaveBeenLastCalledWith(-1);
  });

  it('marks the chosen suggestion and unchooses it on a second click', () => {
    const onChoose = vi.fn();
    renderWithShell(
      <StatusPicker
        current={10}
        choices={{
          suggestedStatuses: { previous: 5, next: 210, other: 300 },
          manualStatuses: domesticManual,
          allowedStatuses: [5, 210, 300],
          canCancel: false,
        }}
        choice={210}
        onChoose={onChoose}
      />,
    );
    const ready = screen.getByRole('button', { name: 'Ready' });
    expect(ready.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(ready);
    expect(onChoose).toHaveBeenCalledWith(null);
    // No cancel when the server says the shipment cannot be canceled.
    const picker = screen.getByLabelText('Custom status') as HTMLSelectElement;
    expect([...picker.options].some((o) => o.value === '-1')).toBe(false);
  });

  it('shows only what the server offers: an international shipment’s answer has neither Ready nor Sent', () => {
    renderWithShell(
      <StatusPicker
        current={5}
        choices={{
          suggestedStatuses: { previous: null, next: 10, other: null },
          manualStatuses: [5, 10, 300, 410, 420, 1000],
          allowedStatuses: [10],
          canCancel: true,
        }}
        choice={null}
        onChoose={() => {}}
      />,
    );
    const picker = screen.getByLabelText('Custom status') as HTMLSelectElement;
    const names = [...picker.options].map((o) => o.textContent);
    expect(names).toEqual([
      '--Select--',
      'Quote',
      'Committed',
      'Dispatched',
      'In Transit',
      'Out for Delivery',
      'Delivered',
      'Canceled',
    ]);
    const suggested = within(screen.getByRole('group', { name: 'Suggested statuses' }));
    expect(suggested.getAllByRole('button').map((b) => b.textContent)).toEqual(['Committed']);
  });
});
