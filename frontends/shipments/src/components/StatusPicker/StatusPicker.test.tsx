import '../../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { StatusPicker } from './StatusPicker.tsx';

const LTL = 2;
const Ocean = 32;

describe('StatusPicker (000 §4)', () => {
  it('offers the suggestions of the current status and the custom picker with --Select--', () => {
    const onChoose = vi.fn();
    renderWithShell(
      <StatusPicker
        current={210}
        shipmentType={LTL}
        allowed={[10, 220, 300]}
        canCancel
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
    // Not allowed by the service: offered but disabled (Quote is allowed? not in `allowed`).
    expect([...picker.options].find((o) => o.textContent === 'Delivered')?.disabled).toBe(true);
    fireEvent.change(picker, { target: { value: '-1' } });
    expect(onChoose).toHaveBeenLastCalledWith(-1);
  });

  it('marks the chosen suggestion and unchooses it on a second click', () => {
    const onChoose = vi.fn();
    renderWithShell(
      <StatusPicker
        current={10}
        shipmentType={LTL}
        allowed={[5, 210, 300]}
        canCancel={false}
        choice={210}
        onChoose={onChoose}
      />,
    );
    const ready = screen.getByRole('button', { name: 'Ready' });
    expect(ready.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(ready);
    expect(onChoose).toHaveBeenCalledWith(null);
    // No cancel when the shipment cannot be canceled.
    const picker = screen.getByLabelText('Custom status') as HTMLSelectElement;
    expect([...picker.options].some((o) => o.value === '-1')).toBe(false);
  });

  it('an international shipment gets neither Ready nor Sent', () => {
    renderWithShell(
      <StatusPicker
        current={5}
        shipmentType={Ocean}
        allowed={[10]}
        canCancel
        choice={null}
        onChoose={() => {}}
      />,
    );
    const picker = screen.getByLabelText('Custom status') as HTMLSelectElement;
    const names = [...picker.options].map((o) => o.textContent);
    expect(names).not.toContain('Ready');
    expect(names).not.toContain('Sent');
    expect(screen.queryByRole('button', { name: 'Ready' })).toBeNull();
  });
});
