import '../../../test/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../test/helpers.tsx';
import { setupMsw } from '../../../test/msw.ts';
import { SupportRequestDialog } from './SupportRequestDialog.tsx';

const server = setupMsw();

function fill() {
  fireEvent.click(screen.getByLabelText('Type', { selector: 'input' }));
  fireEvent.click(screen.getByRole('option', { name: 'EDI' }));
  fireEvent.change(screen.getByLabelText(/^Description/, { selector: 'textarea' }), {
    target: { value: 'The 214 feed stopped.' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('SupportRequestDialog (000 §3, §7, §8)', () => {
  it("posts the type, the page and the description, then toasts 'Support Ticket Sent successfully'", async () => {
    let body: unknown;
    server.use(
      http.post('*/api/support/create', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ supportRequestId: 'sup_1' }, { status: 201 });
      }),
    );
    const onClose = vi.fn();
    renderWithShell(
      <SupportRequestDialog opened onClose={onClose} currentURL="https://tms.test/back-office/x" />,
    );
    fill();
    // The toasts' container is a lazy chunk: on a busy machine it takes more than the default second.
    expect(await screen.findByText('Support Ticket Sent successfully', {}, { timeout: 5000 })).toBeTruthy();
    // EDI is 2 (000 §3).
    expect(body).toEqual({
      supportRequestType: 2,
      currentURL: 'https://tms.test/back-office/x',
      description: 'The 214 feed stopped.',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('lists the server messages of a 400 in the dialog (001 §8)', async () => {
    server.use(
      http.post('*/api/support/create', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'invalid',
            errors: { 'model.description': ['Description is too long.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const onClose = vi.fn();
    renderWithShell(<SupportRequestDialog opened onClose={onClose} />);
    fill();
    expect(await screen.findByText('Description is too long.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
