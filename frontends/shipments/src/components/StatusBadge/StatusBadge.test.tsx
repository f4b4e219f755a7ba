import '../../../test/setup.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { StatusBadge } from './StatusBadge.tsx';

describe('StatusBadge (000 §4 colours)', () => {
  it('names the status and draws it in its colour', () => {
    renderWithShell(
      <>
        <StatusBadge status={300} />
        <StatusBadge status={1100} />
        <StatusBadge status={77} />
      </>,
    );
    const dispatched = screen.getByText('Dispatched').closest('[data-status]') as HTMLElement;
    expect(dispatched.getAttribute('style')).toContain('--mantine-color-yellow');
    expect(
      (screen.getByText('Canceled').closest('[data-status]') as HTMLElement).getAttribute('style'),
    ).toContain('--mantine-color-red');
    expect((screen.getByText('77').closest('[data-status]') as HTMLElement).getAttribute('style')).toContain(
      '--mantine-color-gray',
    );
  });
});
