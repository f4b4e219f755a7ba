// The shipment importer and the onboarding guide (001 §2, §4; issue 17): HTTP through msw. Step 1 the type
// and the customer, step 2 the upload widget's states (upload, confirm, processing with the bytes sent,
// success), moving on starts the import, the progress tracker polled until the review, the review's rows,
// the confirmation, the result; the import hidden from staff who may not import.
import './setup.ts';
import { StaffPermission } from '@loadline/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import type { uploadImportFile } from '../src/import/api.ts';
import { ColumnMapping } from '../src/import/ColumnMapping.tsx';
import { OnboardingGuidePage } from '../src/import/OnboardingGuidePage.tsx';
import { reviewSummary, ShipmentImporterPage } from '../src/import/ShipmentImporterPage.tsx';

const server = setupMsw();
const importer = { kind: 'staff' as const, permissions: StaffPermission.combine('ITSupportAdmin') };
const clerk = { kind: 'staff' as const, permissions: StaffPermission.combine('UserAllowedOrgAccess') };

const processOf = (overrides: Record<string, unknown> = {}) => ({
  bulkProcessId: 7,
  processType: 70,
  status: 1,
  importStatus: 'uploaded',
  customerOrganizationId: 'org_acme',
  fileName: 'loads.csv',
  sizeBytes: 2048,
  traceLogId: null,
  totalRows: 0,
  goodRows: 0,
  badRows: 0,
  importedRows: 0,
  unknownHeaders: [],
  columnMapping: {},
  templateColumns: ['Shipment Type', 'Origin Zip', 'PO Number'],
  error: null,
  createdBy: 'Ana Diaz',
  createdDate: '2026-11-26T01:00:00.000Z',
  updatedDate: '2026-11-26T01:00:00.000Z',
  ...overrides,
});
const finishedTracker = (traceLogId: string) => ({
  traceLogId,
  trackerType: 'BulkImport',
  progress: 100,
  isFinished: true,
  hasError: false,
  error: null,
  message: null,
  done: 3,
  total: 3,
  createdDate: '2026-11-26T01:00:00.000Z',
  updatedDate: '2026-11-26T01:00:01.000Z',
});

describe('the shipment importer', () => {
  it('goes from the type and customer to the upload, the review and the imported shipments', async () => {
    let current = processOf();
    const uploads: string[] = [];
    server.use(
      http.get('*/api/organization/billToOrganizations', () =>
        HttpResponse.json([{ id: 'org_acme', name: 'Acme Manufacturing' }]),
      ),
      http.get('*/api/bulkProcessQueue/getDefaultUserEmail', () =>
        HttpResponse.json({ email: 'ana@broker.test' }),
      ),
      http.post('*/api/bulkProcessQueue/7/start', () => {
        current = processOf({ importStatus: 'processing', status: 3, traceLogId: 'trc_check' });
        return HttpResponse.json(current);
      }),
      http.get('*/api/progressTracker/GetProgress', ({ request }) => {
        const id = new URL(request.url).searchParams.get('traceLogId')!;
        current =
          id === 'trc_check'
            ? processOf({ importStatus: 'review', traceLogId: id, totalRows: 3, goodRows: 2, badRows: 1 })
            : processOf({
                importStatus: 'imported',
                status: 2,
                traceLogId: id,
                totalRows: 3,
                goodRows: 2,
                badRows: 1,
                importedRows: 2,
              });
        return HttpResponse.json(finishedTracker(id));
      }),
      http.get('*/api/bulkProcessQueue/7', () => HttpResponse.json(current)),
      http.get('*/api/bulkProcessQueue/7/review', () =>
        HttpResponse.json({
          bulkProcess: current,
          problems: [
            { rowNumber: 3, column: 'Origin Zip', reason: 'The origin ZIP or postal code is required.' },
          ],
          nextAfterRow: null,
        }),
      ),
      http.post('*/api/bulkProcessQueue/7/confirm', () => {
        current = processOf({ importStatus: 'importing', status: 3, traceLogId: 'trc_write', goodRows: 2 });
        return HttpResponse.json(current);
      }),
    );
    // jsdom's XMLHttpRequest sends no multipart form: the upload is given, reporting the bytes in two steps
    let release: () => void = () => undefined;
    const upload: typeof uploadImportFile = async (request, onProgress) => {
      uploads.push(`${request.processType} ${request.customerOrganizationId} ${request.file.name}`);
      onProgress(1024, 2048);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      onProgress(2048, 2048);
      return { ok: true, data: current as never };
    };
    renderWithShell(<ShipmentImporterPage user={importer} upload={upload} />, { user: staffMe });

    // step 1
    expect(screen.getByRole('link', { name: /Shipment Import template/ }).getAttribute('href')).toBe(
      '/api/bulkProcessQueue/template/70',
    );
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole('option', { name: 'Acme Manufacturing' });
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'org_acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    // step 2: upload, then confirm, then processing, then success
    const file = new File(['Shipment Type,Origin Zip\r\nLTL,45414\r\n'], 'loads.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText("CSV or Excel (.xlsx) file with the template's header row"), {
      target: { files: [file] },
    });
    expect(screen.getByText(/loads\.csv \(1 KB\)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next: check the file' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const bytes = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bytes.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Uploading loads.csv: 1 KB of 2 KB')).toBeTruthy();
    release();
    expect(
      await screen.findByText(/is uploaded\. Nothing is imported until you confirm the review\./),
    ).toBeTruthy();
    expect(uploads).toEqual(['70 org_acme loads.csv']);

    // moving on starts the import: processing, then the review
    fireEvent.click(screen.getByRole('button', { name: 'Next: check the file' }));
    expect(await screen.findByText('Importing Files...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Checking the file' })).toBeTruthy();
    const table = await screen.findByRole(
      'table',
      { name: 'Rows that cannot be imported' },
      { timeout: 4000 },
    );
    expect(within(table).getByText('The origin ZIP or postal code is required.')).toBeTruthy();
    expect(
      screen.getByText(
        '2 of 3 rows can be imported; 1 cannot and is listed below. Correct it and upload the file again, or import the good rows now.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The result will be emailed to ana@broker.test.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 2 shipments' }));
    expect(await screen.findByRole('progressbar', { name: 'Importing the shipments' })).toBeTruthy();
    expect(
      await screen.findByText(
        /2 shipments imported from loads\.csv\. The result is emailed to ana@broker\.test\./,
        undefined,
        {
          timeout: 4000,
        },
      ),
    ).toBeTruthy();
  });

  it("the review's summary agrees with its counts: one row that cannot be imported, several, none", () => {
    expect(reviewSummary({ goodRows: 2, totalRows: 3, badRows: 1 })).toBe(
      '2 of 3 rows can be imported; 1 cannot and is listed below. Correct it and upload the file again, or import the good rows now.',
    );
    expect(reviewSummary({ goodRows: 1, totalRows: 3, badRows: 2 })).toBe(
      '1 of 3 rows can be imported; 2 cannot and are listed below. Correct them and upload the file again, or import the good row now.',
    );
    expect(reviewSummary({ goodRows: 0, totalRows: 2, badRows: 2 })).toBe(
      '0 of 2 rows can be imported; 2 cannot and are listed below. Correct them and upload the file again.',
    );
    expect(reviewSummary({ goodRows: 0, totalRows: 1, badRows: 1 })).toBe(
      '0 of 1 row can be imported; 1 cannot and is listed below. Correct it and upload the file again.',
    );
    expect(reviewSummary({ goodRows: 3, totalRows: 3, badRows: 0 })).toBe(
      '3 of 3 rows can be imported; 0 cannot.',
    );
  });

  it('the mapping step offers the template columns for each header it did not match, the rest left out', async () => {
    const sent: Record<string, string>[] = [];
    const process = processOf({
      importStatus: 'error',
      status: 5,
      unknownHeaders: ['Mode', 'Their notes'],
      columnMapping: { 'Customer PO': 'PO Number' },
      error: 'The header row has no Shipment Type column.',
    });
    renderWithShell(
      <ColumnMapping
        process={process as never}
        onMap={async (mapping) => {
          sent.push(mapping);
        }}
      />,
      { user: staffMe },
    );
    const mode = screen.getByLabelText('Mode') as HTMLSelectElement;
    expect([...mode.options].map((o) => o.text)).toEqual([
      'Leave out',
      'Shipment Type',
      'Origin Zip',
      'PO Number',
    ]);
    fireEvent.change(mode, { target: { value: 'Shipment Type' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the file again with these columns' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ 'Customer PO': 'PO Number', Mode: 'Shipment Type', 'Their notes': '' });
  });

  it('is refused to staff who are neither TMS site admins nor IT support admins', () => {
    renderWithShell(<ShipmentImporterPage user={clerk} />, { user: staffMe });
    expect(
      screen.getByText('The shipment importer is for TMS site admins and IT support admins.'),
    ).toBeTruthy();
  });
});

describe('the onboarding guide', () => {
  it('lists the onboarding steps and links the import only for who may import', () => {
    const { unmount } = renderWithShell(
      <OnboardingGuidePage user={importer} importerPath="/onboarding/import" />,
      {
        user: staffMe,
      },
    );
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(13);
    expect(steps[0]!.textContent).toContain('Kickoff call');
    expect(steps[10]!.textContent).toContain('Data import');
    expect(screen.getByRole('link', { name: 'Open the shipment importer' }).getAttribute('href')).toBe(
      '/back-office/onboarding/import',
    );
    unmount();
    renderWithShell(<OnboardingGuidePage user={clerk} importerPath="/onboarding/import" />, {
      user: staffMe,
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(13);
    expect(screen.queryByRole('link', { name: 'Open the shipment importer' })).toBeNull();
  });
});
