import '../../../test/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { CreditHoldModal } from './CreditHoldModal.tsx';

describe('CreditHoldModal (000 §2 item 6)', () => {
  it('offers Committed or Quote; Cancel closes', () => {
    const onChoose = vi.fn();
    const onClose = vi.fn();
    renderWithShell(<CreditHoldModal opened refused={300} onChoose={onChoose} onClose={onClose} />);
    expect(screen.getByRole('dialog').textContent).toContain('cannot be set to Dispatched');
    fireEvent.click(screen.getByRole('button', { name: 'Committed' }));
    expect(onChoose).toHaveBeenCalledWith(10);
    fireEvent.click(screen.getByRole('button', { name: 'Quote' }));
    expect(onChoose).toHaveBeenLastCalledWith(5);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
