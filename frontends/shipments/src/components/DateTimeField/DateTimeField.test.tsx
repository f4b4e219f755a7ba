import '../../../test/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { DateTimeField } from './DateTimeField.tsx';

describe('DateTimeField', () => {
  it('edits a date and a time apart and shows its error', () => {
    const onDate = vi.fn();
    const onTime = vi.fn();
    renderWithShell(
      <DateTimeField
        label="Pickup close"
        value={{ date: '2026-11-24', time: '16:00' }}
        onDateChange={onDate}
        onTimeChange={onTime}
        error="Pickup close must not be before pickup ready."
      />,
    );
    expect((screen.getByLabelText('Pickup close date') as HTMLInputElement).value).toBe('2026-11-24');
    fireEvent.change(screen.getByLabelText('Pickup close date'), { target: { value: '2026-11-25' } });
    fireEvent.change(screen.getByLabelText('Pickup close time'), { target: { value: '17:30' } });
    expect(onDate).toHaveBeenCalledWith('2026-11-25');
    expect(onTime).toHaveBeenCalledWith('17:30');
    expect(screen.getByRole('alert').textContent).toBe('Pickup close must not be before pickup ready.');
  });
});
