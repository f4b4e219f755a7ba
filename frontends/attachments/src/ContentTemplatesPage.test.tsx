// The content template editor (decision 0075): it shows the default master until the broker saves its own,
// sends what the form holds, and shows the service's refusal (only site admins may save).
import '../test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import ContentTemplatesPage, { TEMPLATE_TEXTS } from './ContentTemplatesPage.tsx';

const server = setupMsw();

const template = (over: Record<string, unknown> = {}) => ({
  contentTemplateType: 317,
  name: 'Truckload tracking status update',
  subject: 'Tracking status request: shipments {{shipmentIds}}',
  body: 'Hello {{carrierName}}',
  isDefaultMaster: true,
  updatedBy: null,
  updatedAt: null,
  ...over,
});

describe('attachments/ContentTemplatesPage', () => {
  it("shows the default master, saves the broker's own, and shows a refusal", async () => {
    const saved: unknown[] = [];
    let refuse = true;
    server.use(
      http.get('*/api/contenttemplates/:type', () => HttpResponse.json(template())),
      http.put('*/api/contenttemplates/:type', async ({ request, params }) => {
        const body = (await request.json()) as { subject: string; body: string };
        saved.push([params.type, body]);
        if (refuse) {
          refuse = false;
          return HttpResponse.json(
            {
              statusCode: 403,
              error: 'Forbidden',
              message: 'You do not have permission to edit content templates.',
            },
            { status: 403 },
          );
        }
        return HttpResponse.json(template({ ...body, isDefaultMaster: false, updatedBy: 'Ada Admin' }));
      }),
    );
    renderWithShell(<ContentTemplatesPage />);
    expect(await screen.findByText(TEMPLATE_TEXTS.defaultMaster)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Where is {{shipmentIds}}?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You do not have permission to edit content templates.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(TEMPLATE_TEXTS.own('Ada Admin'))).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual([
      '317',
      { subject: 'Where is {{shipmentIds}}?', body: 'Hello {{carrierName}}' },
    ]);
  });
});
