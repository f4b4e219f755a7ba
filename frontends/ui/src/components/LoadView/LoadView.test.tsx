import '../../../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoadState } from '../../hooks/useLoad.ts';
import { LoadlineProvider } from '../LoadlineProvider/index.ts';
import { LoadView } from './LoadView.tsx';

function View({ load, failed }: { load: LoadState<{ name: string }>; failed?: (s: number) => string }) {
  return (
    <LoadlineProvider>
      <LoadView
        load={load}
        loading="Loading the bill to"
        failed={failed ? ({ status }) => failed(status) : messages.billTo.loadFailed}
      >
        {(data) => <p>Bill to {data.name}</p>}
      </LoadView>
    </LoadlineProvider>
  );
}

describe('LoadView (the loading and failed states of a read, decision 0060)', () => {
  it('shows a named loader while the read runs, and nothing else', () => {
    render(<View load={{ state: 'loading' }} />);
    expect(screen.getByLabelText('Loading the bill to')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Bill to /)).toBeNull();
  });

  it("shows the screen's message in an alert when the read failed", () => {
    render(<View load={{ state: 'failed', status: 500, error: null }} />);
    expect(screen.getByRole('alert').textContent).toBe(messages.billTo.loadFailed);
    expect(screen.queryByLabelText('Loading the bill to')).toBeNull();
    expect(screen.queryByText(/Bill to /)).toBeNull();
  });

  it('words the failure by its status when asked to', () => {
    render(
      <View
        load={{ state: 'failed', status: 404, error: null }}
        failed={(status) => (status === 404 ? 'No such customer.' : 'Failed.')}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('No such customer.');
  });

  it('offers Try again beside the message, which reads again', () => {
    let retried = 0;
    render(
      <LoadlineProvider>
        <LoadView
          load={{ state: 'failed', status: 503, error: null }}
          loading="Loading invoices"
          failed="Unable to load the invoices."
          retry={() => retried++}
        >
          {() => null}
        </LoadView>
      </LoadlineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Unable to load the invoices.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });

  it('shows the children with the data once loaded', () => {
    render(<View load={{ state: 'loaded', data: { name: 'Acme' } }} />);
    expect(screen.getByText('Bill to Acme')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Loading the bill to')).toBeNull();
  });

  it('shows nothing while there is nothing to read (a closed modal)', () => {
    render(<View load={{ state: 'idle' }} />);
    expect(screen.queryByLabelText('Loading the bill to')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Bill to /)).toBeNull();
  });
});
