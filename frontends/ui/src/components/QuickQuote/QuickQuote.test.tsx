import '../../../test/setup.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadlineProvider } from '../LoadlineProvider/index.ts';
import { QuickQuote, type QuickQuoteProps } from './QuickQuote.tsx';

function renderQuote(props: QuickQuoteProps) {
  render(
    <LoadlineProvider env="test">
      <QuickQuote {...props} />
    </LoadlineProvider>,
  );
  fireEvent.change(screen.getByLabelText(/^Origin zip/, { selector: 'input' }), {
    target: { value: ' 30301 ' },
  });
  fireEvent.change(screen.getByLabelText(/^Destination zip/, { selector: 'input' }), {
    target: { value: '60601' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Quote' }));
}

describe('QuickQuote (000 §2 item 13, §5)', () => {
  it('opens the front-office order page with originzip and destinationzip', async () => {
    const openUrl = vi.fn();
    renderQuote({ openUrl });
    await waitFor(() =>
      expect(openUrl).toHaveBeenCalledWith('/front-office/order?originzip=30301&destinationzip=60601'),
    );
  });

  it('opens the back office’s new-shipment page when given (staff, issue 17)', async () => {
    const openUrl = vi.fn();
    renderQuote({ openUrl, orderPath: '/back-office/shipment/new' });
    await waitFor(() =>
      expect(openUrl).toHaveBeenCalledWith('/back-office/shipment/new?originzip=30301&destinationzip=60601'),
    );
  });

  it('opens in a new tab by default', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderQuote({});
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        '/front-office/order?originzip=30301&destinationzip=60601',
        '_blank',
        'noopener',
      ),
    );
    open.mockRestore();
  });

  it("warns 'One or more zip codes are invalid.' and opens nothing when validation says no", async () => {
    const openUrl = vi.fn();
    const validateZips = vi.fn().mockResolvedValue(false);
    renderQuote({ openUrl, validateZips });
    expect(await screen.findByText('One or more zip codes are invalid.')).toBeTruthy();
    expect(validateZips).toHaveBeenCalledWith('30301', '60601');
    expect(openUrl).not.toHaveBeenCalled();
  });
});
