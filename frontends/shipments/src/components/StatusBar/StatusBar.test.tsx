import '../../../test/setup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { StatusBar } from './StatusBar.tsx';

const steps = () =>
  within(screen.getByRole('list', { name: 'Shipment status bar' })).getAllByRole('listitem');

describe('StatusBar (000 §4, 001 §4)', () => {
  it('colours the steps at or below the current one; Dispatched is step 3 in amber', () => {
    renderWithShell(<StatusBar status={300} />);
    const items = steps();
    expect(items).toHaveLength(5);
    expect(items.map((i) => i.getAttribute('data-coloured'))).toEqual([
      'true',
      'true',
      'true',
      'false',
      'false',
    ]);
    expect(items[2]?.getAttribute('aria-current')).toBe('step');
    expect(items[2]?.textContent).toBe('Dispatched');
    expect(items[0]?.getAttribute('data-colour')).toBe('amber');
  });

  it('marks a canceled shipment canceled at step 5', () => {
    renderWithShell(<StatusBar status={1100} />);
    const items = steps();
    expect(items[4]?.getAttribute('data-canceled')).toBe('true');
    expect(items[4]?.textContent).toBe('Canceled');
    expect(items.every((i) => i.getAttribute('data-colour') === 'red')).toBe(true);
  });
});
