// The content template editor (decision 0075): it shows the default master until the broker saves its own,
// sends what the form holds, and shows the service's refusal (only site admins may save).
import '../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import ContentTemplatesPage, { CUSTOM_TEMPLATE_TEXTS, TEMPLATE_TEXTS } from './ContentTemplatesPage.tsx';

const server = setupMsw();

/** The placeholders the service names (decision 0116, addendum): one shipment's, and a tracking request's. */
const shipmentPlaceholders = [
  'shipmentId',
  'status',
  'origin',
  'destination',
  'pickupDate',
  'deliveryDate',
  'proNumber',
  'referenceNumbers',
  'carrierName',
  'senderName',
  'shipmentIds',
  'shipments',
];
const trackingPlaceholders = ['carrierName', 'shipmentIds', 'shipments', 'senderName'];

/** The text under a field: its error, as the field names it (aria-describedby). */
const underField = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');

const blankRefusal = (fields: Record<string, string>) =>
  HttpResponse.json(
    {
      statusCode: 400,
      error: 'Bad Request',
      message: Object.values(fields).join(' '),
      errors: Object.fromEntries(Object.entries(fields).map(([f, m]) => [`model.${f}`, [m]])),
    },
    { status: 400 },
  );

const template = (over: Record<string, unknown> = {}) => ({
  contentTemplateType: 317,
  name: 'Truckload tracking status update',
  subject: 'Tracking status request: shipments {{shipmentIds}}',
  body: 'Hello {{carrierName}}',
  isDefaultMaster: true,
  updatedBy: null,
  updatedAt: null,
  placeholders: trackingPlaceholders,
  canEdit: true,
  ...over,
});

describe('attachments/ContentTemplatesPage', () => {
  it("shows the default master, saves the broker's own, and shows a refusal", async () => {
    const saved: unknown[] = [];
    let refuse = true;
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: true, placeholders: shipmentPlaceholders }),
      ),
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
    // a placeholder the service does not fill for the type is told before it goes out as written
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(screen.getByLabelText('Body'), {
      target: { value: 'Hello {{carrierName}} about {{ origin }} {{origin}}' },
    });
    expect((await screen.findByRole('status')).textContent).toBe(TEMPLATE_TEXTS.unfilled(['origin']));
  });

  it('shows the template read-only, without Save, to who the service says may not write it (002 §6.2)', async () => {
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: false, placeholders: shipmentPlaceholders }),
      ),
      http.get('*/api/contenttemplates/:type', () => HttpResponse.json(template({ canEdit: false }))),
    );
    renderWithShell(<ContentTemplatesPage />);
    expect((await screen.findAllByText(TEMPLATE_TEXTS.readOnly, { exact: false })).length).toBeGreaterThan(0);
    expect(screen.queryByText(TEMPLATE_TEXTS.defaultMaster)).toBeNull();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Body') as HTMLTextAreaElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Body') as HTMLTextAreaElement).value).toBe('Hello {{carrierName}}');
    expect(screen.queryByRole('button', { name: 'Save template' })).toBeNull();
  });

  it('a type with no template (404) is read-only, without Save, to who the service says may not write it', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () => {
        asked.push('permissions');
        return HttpResponse.json({ canEdit: false, placeholders: shipmentPlaceholders });
      }),
      http.get('*/api/contenttemplates/:type', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Content template Claim request was not found.' },
          { status: 404 },
        ),
      ),
    );
    renderWithShell(<ContentTemplatesPage />);
    expect(await screen.findByText(`${TEMPLATE_TEXTS.none} ${TEMPLATE_TEXTS.readOnly}`)).toBeTruthy();
    expect(screen.queryByText(TEMPLATE_TEXTS.defaultMaster)).toBeNull();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Body') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save template' })).toBeNull();
    expect(asked).toEqual(['permissions']);
  });

  it('a type with no template (404) opens empty to write, with Save, for who the service says may write it', async () => {
    const saved: unknown[] = [];
    let written = false;
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: true, placeholders: shipmentPlaceholders }),
      ),
      http.get('*/api/contenttemplates/:type', () =>
        written
          ? HttpResponse.json(
              template({
                subject: 'Claim',
                body: 'Body',
                isDefaultMaster: false,
                updatedBy: 'Sam Site Admin',
              }),
            )
          : HttpResponse.json(
              {
                statusCode: 404,
                error: 'Not Found',
                message: 'Content template Claim request was not found.',
              },
              { status: 404 },
            ),
      ),
      http.put('*/api/contenttemplates/:type', async ({ request }) => {
        const body = (await request.json()) as { subject: string; body: string };
        saved.push(body);
        written = true;
        return HttpResponse.json(template({ ...body, isDefaultMaster: false, updatedBy: 'Sam Site Admin' }));
      }),
    );
    renderWithShell(<ContentTemplatesPage />);
    expect(await screen.findByText(TEMPLATE_TEXTS.none)).toBeTruthy();
    const subject = screen.getByLabelText('Subject') as HTMLInputElement;
    expect(subject.readOnly).toBe(false);
    expect(subject.value).toBe('');
    fireEvent.change(subject, { target: { value: 'Claim' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'Body' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    // written, the type is read again: the broker's own template
    expect(await screen.findByText(TEMPLATE_TEXTS.own('Sam Site Admin'))).toBeTruthy();
    expect(saved).toEqual([{ subject: 'Claim', body: 'Body' }]);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Claim');
  });

  it('writes the organization custom email templates 0 to 9, and shows who may not', async () => {
    const saved: unknown[] = [];
    let refuse = true;
    server.use(
      http.get('*/api/contenttemplates/custom', () =>
        HttpResponse.json([
          {
            templateNumber: 3,
            name: 'Welcome',
            subject: 'Welcome, {{senderName}}',
            body: 'Glad to ship with you.',
            updatedBy: 'Ada Admin',
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        ]),
      ),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: true, placeholders: shipmentPlaceholders }),
      ),
      http.get('*/api/contenttemplates/:type', () => HttpResponse.json(template())),
      http.put('*/api/contenttemplates/custom/:number', async ({ request, params }) => {
        const body = (await request.json()) as { name: string; subject: string; body: string };
        saved.push([params.number, body]);
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
        return HttpResponse.json({
          templateNumber: Number(params.number),
          ...body,
          updatedBy: 'Sam Site Admin',
          updatedAt: '2026-11-26T08:00:00.000Z',
        });
      }),
    );
    renderWithShell(<ContentTemplatesPage />);
    const section = await screen.findByRole('region', { name: CUSTOM_TEMPLATE_TEXTS.title });
    const choice = within(section).getByLabelText('Custom email template') as HTMLSelectElement;
    // 001 §3: the ten numbers, the written one by its name.
    await waitFor(() => expect(choice.options).toHaveLength(10));
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      '0: (not written)',
      '1: (not written)',
      '2: (not written)',
      '3: Welcome',
      '4: (not written)',
      '5: (not written)',
      '6: (not written)',
      '7: (not written)',
      '8: (not written)',
      '9: (not written)',
    ]);
    expect(within(section).getByText(CUSTOM_TEMPLATE_TEXTS.notWritten)).toBeTruthy();
    fireEvent.change(choice, { target: { value: '3' } });
    expect((within(section).getByLabelText('Template name') as HTMLInputElement).value).toBe('Welcome');
    expect((within(section).getByLabelText('Email subject') as HTMLInputElement).value).toBe(
      'Welcome, {{senderName}}',
    );
    expect(within(section).getByText(CUSTOM_TEMPLATE_TEXTS.written('Ada Admin'))).toBeTruthy();

    fireEvent.change(choice, { target: { value: '7' } });
    fireEvent.change(within(section).getByLabelText('Template name'), {
      target: { value: 'Rate confirmation' },
    });
    fireEvent.change(within(section).getByLabelText('Email subject'), {
      target: { value: 'Rate for {{shipmentId}}' },
    });
    fireEvent.change(within(section).getByLabelText('Email body'), { target: { value: 'Attached.' } });
    const save = within(section).getByRole('button', { name: 'Save custom template' });
    fireEvent.click(save);
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'You do not have permission to edit content templates.',
    );
    fireEvent.click(save);
    expect(await screen.findByText(CUSTOM_TEMPLATE_TEXTS.saved(7))).toBeTruthy();
    expect(await within(section).findByText(CUSTOM_TEMPLATE_TEXTS.written('Sam Site Admin'))).toBeTruthy();
    expect([...choice.options].map((o) => o.textContent)[7]).toBe('7: Rate confirmation');
    expect(saved).toEqual([
      ['7', { name: 'Rate confirmation', subject: 'Rate for {{shipmentId}}', body: 'Attached.' }],
      ['7', { name: 'Rate confirmation', subject: 'Rate for {{shipmentId}}', body: 'Attached.' }],
    ]);
  });

  it('offers no Save of a custom template, and blames no role, while the service has not said who may write', async () => {
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json(
          { statusCode: 503, error: 'Service Unavailable', message: 'Try again.' },
          { status: 503 },
        ),
      ),
      http.get('*/api/contenttemplates/:type', () => HttpResponse.json(template())),
    );
    renderWithShell(<ContentTemplatesPage />);
    const section = await screen.findByRole('region', { name: CUSTOM_TEMPLATE_TEXTS.title });
    expect(await within(section).findByText(CUSTOM_TEMPLATE_TEXTS.notWritten)).toBeTruthy();
    expect(within(section).queryByText(TEMPLATE_TEXTS.readOnly, { exact: false })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Save custom template' })).toBeNull();
  });

  it('shows the custom email templates read-only, without Save, to who the service says may not write them', async () => {
    server.use(
      http.get('*/api/contenttemplates/custom', () =>
        HttpResponse.json([
          {
            templateNumber: 0,
            name: 'Welcome',
            subject: 'Welcome',
            body: 'Glad to ship with you.',
            updatedBy: 'Ada Admin',
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        ]),
      ),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: false, placeholders: shipmentPlaceholders }),
      ),
      http.get('*/api/contenttemplates/:type', () => HttpResponse.json(template({ canEdit: false }))),
    );
    renderWithShell(<ContentTemplatesPage />);
    const section = await screen.findByRole('region', { name: CUSTOM_TEMPLATE_TEXTS.title });
    expect(
      await within(section).findByText(
        `${CUSTOM_TEMPLATE_TEXTS.written('Ada Admin')} ${TEMPLATE_TEXTS.readOnly}`,
      ),
    ).toBeTruthy();
    expect((within(section).getByLabelText('Template name') as HTMLInputElement).readOnly).toBe(true);
    expect((within(section).getByLabelText('Email subject') as HTMLInputElement).readOnly).toBe(true);
    expect((within(section).getByLabelText('Email body') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(within(section).queryByRole('button', { name: 'Save custom template' })).toBeNull();
    // a slot not written: no "give it a name" to who may not
    fireEvent.change(within(section).getByLabelText('Custom email template'), { target: { value: '1' } });
    expect(
      await within(section).findByText(
        `${CUSTOM_TEMPLATE_TEXTS.notWrittenReadOnly} ${TEMPLATE_TEXTS.readOnly}`,
      ),
    ).toBeTruthy();
  });
  it('shows the placeholders the service names for each type: a shipment type, the tracking status update, a 404', async () => {
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: true, placeholders: shipmentPlaceholders }),
      ),
      http.get('*/api/contenttemplates/:type', ({ params }) =>
        params.type === '317'
          ? HttpResponse.json(template())
          : params.type === '313'
            ? HttpResponse.json(
                template({
                  contentTemplateType: 313,
                  name: 'Tracking response',
                  placeholders: shipmentPlaceholders,
                }),
              )
            : HttpResponse.json(
                {
                  statusCode: 404,
                  error: 'Not Found',
                  message: 'Content template Claim request was not found.',
                },
                { status: 404 },
              ),
      ),
    );
    renderWithShell(<ContentTemplatesPage />);
    expect(await screen.findByText(TEMPLATE_TEXTS.placeholders(trackingPlaceholders))).toBeTruthy();
    expect(
      screen.getByText(
        'Placeholders filled when this template is used: {{carrierName}}, {{shipmentIds}}, {{shipments}}, {{senderName}}.',
      ),
    ).toBeTruthy();
    // one help text for the type, and no placeholder the tracking status update is not filled with
    expect(screen.getAllByText(/^Placeholders filled when this template is used/)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Template type'), { target: { value: '313' } });
    expect(await screen.findByText(TEMPLATE_TEXTS.placeholders(shipmentPlaceholders))).toBeTruthy();
    expect(screen.queryByText(TEMPLATE_TEXTS.placeholders(trackingPlaceholders))).toBeNull();
    // the custom email templates: the permissions answer's
    const section = screen.getByRole('region', { name: CUSTOM_TEMPLATE_TEXTS.title });
    expect(within(section).getByText(CUSTOM_TEMPLATE_TEXTS.placeholders(shipmentPlaceholders))).toBeTruthy();

    // a type with no template (404): those of a template written anew, from the permissions answer
    fireEvent.change(screen.getByLabelText('Template type'), { target: { value: '318' } });
    expect(await screen.findByText(TEMPLATE_TEXTS.none)).toBeTruthy();
    expect(screen.getByText(TEMPLATE_TEXTS.placeholders(shipmentPlaceholders))).toBeTruthy();
  });

  it('shows each blank field of a custom email template under its field, once, and no list of raw lines', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: true, placeholders: shipmentPlaceholders }),
      ),
      http.get('*/api/contenttemplates/:type', () => HttpResponse.json(template())),
      http.put('*/api/contenttemplates/custom/:number', async ({ request }) => {
        saved.push(await request.json());
        return blankRefusal({
          name: "Enter the template's name.",
          subject: 'Enter a subject.',
          body: 'Enter a body.',
        });
      }),
    );
    renderWithShell(<ContentTemplatesPage />);
    const section = await screen.findByRole('region', { name: CUSTOM_TEMPLATE_TEXTS.title });
    fireEvent.click(await within(section).findByRole('button', { name: 'Save custom template' }));
    await waitFor(() =>
      expect(underField(within(section).getByLabelText('Email subject'))).toBe('Enter a subject.'),
    );
    expect(underField(within(section).getByLabelText('Email body'))).toBe('Enter a body.');
    expect(underField(within(section).getByLabelText('Template name'))).toBe("Enter the template's name.");
    for (const message of ["Enter the template's name.", 'Enter a subject.', 'Enter a body.'])
      expect(within(section).getAllByText(message)).toHaveLength(1);
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(saved).toEqual([{ name: '', subject: '', body: '' }]);
  });

  it("shows a blank subject and body of a type's template under their fields", async () => {
    server.use(
      http.get('*/api/contenttemplates/custom', () => HttpResponse.json([])),
      http.get('*/api/contenttemplates/permissions', () =>
        HttpResponse.json({ canEdit: true, placeholders: shipmentPlaceholders }),
      ),
      http.get('*/api/contenttemplates/:type', () => HttpResponse.json(template())),
      http.put('*/api/contenttemplates/:type', () =>
        blankRefusal({ subject: 'Enter a subject.', body: 'Enter a body.' }),
      ),
    );
    renderWithShell(<ContentTemplatesPage />);
    expect(await screen.findByText(TEMPLATE_TEXTS.defaultMaster)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(underField(screen.getByLabelText('Subject'))).toBe('Enter a subject.'));
    expect(underField(screen.getByLabelText('Body'))).toBe('Enter a body.');
    expect(screen.getAllByText('Enter a subject.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
