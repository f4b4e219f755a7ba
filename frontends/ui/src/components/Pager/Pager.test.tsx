import '../../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../test/helpers.tsx';
import { Pager } from './Pager.tsx';

describe('Pager (000 §9: 4 pages before, 5 after)', () => {
  it('shows the pages around the current one and moves', () => {
    const onPage = vi.fn();
    renderWithShell(<Pager page={10} pages={20} onPage={onPage} />);
    const nav = within(screen.getByRole('navigation', { name: 'Pages' }));
    const numbers = nav.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent);
    expect(numbers).toEqual(['6', '7', '8', '9', '10', '11', '12', '13', '14', '15']);
    expect(nav.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(nav.getByRole('button', { name: 'Page 12' }));
    expect(onPage).toHaveBeenCalledWith(12);
    fireEvent.click(nav.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenLastCalledWith(11);
  });

  it('is not shown for one page', () => {
    renderWithShell(<Pager page={1} pages={1} onPage={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
