import '../../test/setup.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../test/helpers.tsx';
import { UnsavedChangesScope, useUnsavedChangesGuard, useUnsavedChangesScope } from './unsavedChanges.tsx';

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

function EditModal({ onClosed }: { onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const [value, setValue] = useState('');
  const { confirmLeave } = useUnsavedChangesGuard(value !== '');
  const close = confirmLeave(() => {
    setOpened(false);
    onClosed();
  });
  return (
    <>
      {opened && (
        <div role="dialog" aria-label="Edit">
          <input aria-label="Pro number" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
          <button type="button" onClick={close}>
            Close
          </button>
        </div>
      )}
      <EditPage />
    </>
  );
}

describe('unsaved-changes guard of a modal (000 §2, §8)', () => {
  it('closes a clean modal at once; a dirty one asks, stays on No and closes on Yes', async () => {
    let closed = 0;
    renderWithShell(<EditModal onClosed={() => closed++} />, { routes });
    fireEvent.change(screen.getByLabelText('Pro number'), { target: { value: 'OLFT1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    expect(dialog.textContent).toContain(
      'You have unsaved data on this page. All unsaved changes will be discarded Are you sure you want to leave?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'No, Stay On Page' }));
    await act(async () => {});
    expect(closed).toBe(0);
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Discard My Changes' }));
    await act(async () => {});
    expect(closed).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'Edit' })).toBeNull();
  });

  it('asks once when a second way out is taken while it asks: one No stays, and nothing is left under it', async () => {
    let closed = 0;
    const { router } = renderWithShell(<EditModal onClosed={() => closed++} />, { routes });
    fireEvent.change(screen.getByLabelText('Pro number'), { target: { value: 'OLFT1234' } });
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit' })).getByRole('button', { name: 'Close' }),
    );
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'No, Stay On Page' }));
    await act(async () => {});
    await act(async () => {});
    expect(screen.queryByRole('dialog', { name: 'Warning: Unsaved Data' })).toBeNull();
    expect(closed).toBe(0);
    expect(router.state.location.pathname).toBe('/back-office/');
    // Asked again later, one answer still settles it.
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit' })).getByRole('button', { name: 'Close' }),
    );
    await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Discard My Changes' }));
    await act(async () => {});
    expect(closed).toBe(1);
  });

  it('a dirty modal also stops a navigation: one blocker for every form of the page', async () => {
    renderWithShell(<EditModal onClosed={() => undefined} />, { routes });
    fireEvent.change(screen.getByLabelText('Pro number'), { target: { value: 'OLFT1234' } });
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Discard My Changes' }));
    expect(await screen.findByText('Other page')).toBeTruthy();
  });
});

function NoteForm() {
  const [value, setValue] = useState('');
  useUnsavedChangesGuard(value !== '');
  return <input aria-label="Note" value={value} onChange={(e) => setValue(e.currentTarget.value)} />;
}

function ScopedModal({ onClosed }: { onClosed: () => void }) {
  const guard = useUnsavedChangesScope();
  const [opened, setOpened] = useState(true);
  const close = guard.confirmLeave(() => {
    setOpened(false);
    onClosed();
  });
  return (
    <>
      <EditPage />
      {opened && (
        <UnsavedChangesScope scope={guard.scope}>
          <div role="dialog" aria-label="Modal">
            <NoteForm />
            <button type="button" onClick={close}>
              X
            </button>
          </div>
        </UnsavedChangesScope>
      )}
    </>
  );
}

describe('unsaved-changes scope of a modal whose forms are its children', () => {
  it('asks only for the forms inside it', async () => {
    let closed = 0;
    renderWithShell(<ScopedModal onClosed={() => closed++} />, { routes });
    // A dirty form outside the modal does not stop it closing.
    fireEvent.change(screen.getAllByLabelText('Note')[0]!, { target: { value: 'outside' } });
    fireEvent.click(screen.getByRole('button', { name: 'X' }));
    await act(async () => {});
    expect(closed).toBe(1);
  });

  it('a dirty form inside asks; Yes closes', async () => {
    let closed = 0;
    renderWithShell(<ScopedModal onClosed={() => closed++} />, { routes });
    const inside = screen.getAllByLabelText('Note')[1]!;
    fireEvent.change(inside, { target: { value: 'inside' } });
    fireEvent.click(screen.getByRole('button', { name: 'X' }));
    await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Discard My Changes' }));
    await act(async () => {});
    expect(closed).toBe(1);
  });
});
