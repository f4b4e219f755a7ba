import '../../test/setup.ts';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../test/helpers.tsx';
import { useUnsavedChangesGuard } from './unsavedChanges.tsx';

function EditPage() {
  const [value, setValue] = useState('');
  useUnsavedChangesGuard(value !== '');
  return (
    <div>
      <input aria-label="Note" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <Link to="/other">Leave</Link>
    </div>
  );
}

const routes = [{ path: '/other', element: <p>Other page</p> }];

describe('unsaved-changes guard (000 §2, §8)', () => {
  it('lets a clean page go without asking', async () => {
    renderWithShell(<EditPage />, { routes });
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Other page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks with the spec's texts; 'No, Stay On Page' stays, 'Yes, Discard My Changes' leaves", async () => {
    const { router } = renderWithShell(<EditPage />, { routes });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'half-written' } });
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Warning: Unsaved Data');
    expect(dialog.textContent).toContain(
      'You have unsaved data on this page. All unsaved changes will be discarded Are you sure you want to leave?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'No, Stay On Page' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/back-office/');
    expect(screen.queryByText('Other page')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Discard My Changes' }));
    expect(await screen.findByText('Other page')).toBeTruthy();
  });

  it('asks the browser before the tab closes while dirty', () => {
    renderWithShell(<EditPage />, { routes });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'x' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
