// The shipment importer (001 §2 "bulk importer with steps 1 to 3 and a review", §4; issue 17; decision 0095):
// step 1 the import type and the customer, step 2 the file (the upload widget's states: upload, then
// confirm, then processing with the bytes sent, then success or error), moving on from step 2 starts the
// import (processing, then review or error), step 3 the review (each failing row with its row number, column
// and reason, the good rows counted), then confirm (the rows are written, the progress tracker polled) or go
// back. For TMS site admins and IT support admins (the service refuses everyone else).
import { BulkProcessType, DEFAULT_IMPORT_PROCESSING_MESSAGE } from '@loadline/contracts';
import { mayImportShipments, shipmentImportTypes } from '@loadline/contracts/rules/bulk-import';
import {
  Alert,
  Anchor,
  Button,
  Group,
  OrganizationSelect,
  ProgressBar,
  ProgressTracker,
  type ShipmentImporterPageProps,
  Stack,
  serverMessages,
  Table,
  Text,
  Title,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { useMemo, useState } from 'react';
import { useShipmentsApi } from '../api/client.ts';
import { type BulkProcess, importCalls, templateUrl, uploadImportFile } from './api.ts';
import { ColumnMapping } from './ColumnMapping.tsx';

export type { ShipmentImporterPageProps };

const T = BulkProcessType.values;

export const importerTexts = {
  notAllowed: 'The shipment importer is for TMS site admins and IT support admins.',
  chooseCustomer: 'Choose the customer the shipments are for.',
  historicalNote:
    'Historical shipments keep their dates and their final status (Delivered or Complete); nobody is notified.',
  uploadFailed: 'The file could not be uploaded.',
  processing: DEFAULT_IMPORT_PROCESSING_MESSAGE,
} as const;

/**
 * The review's summary, its words agreeing with the counts: "2 of 3 rows can be imported; 1 cannot and is
 * listed below. Correct it and …", "… 2 cannot and are listed below. Correct them and …".
 */
export function reviewSummary(counts: Pick<BulkProcess, 'goodRows' | 'totalRows' | 'badRows'>): string {
  const { goodRows, totalRows, badRows } = counts;
  const importable = `${goodRows} of ${totalRows} ${totalRows === 1 ? 'row' : 'rows'} can be imported`;
  if (badRows === 0) return `${importable}; 0 cannot.`;
  const one = badRows === 1;
  const listed = `${badRows} cannot and ${one ? 'is' : 'are'} listed below`;
  const correct = `Correct ${one ? 'it' : 'them'} and upload the file again`;
  const good = goodRows === 1 ? 'the good row' : 'the good rows';
  return `${importable}; ${listed}. ${correct}${goodRows > 0 ? `, or import ${good} now` : ''}.`;
}

type Upload =
  | { step: 'upload' }
  | { step: 'confirm'; file: File }
  | { step: 'processing'; file: File; sent: number; total: number }
  | { step: 'success'; process: BulkProcess }
  | { step: 'error'; problems: string[] };

/** The server's messages, or the screen's own line when it gave none. */
const problemsOf = (error: unknown) => {
  const messages = serverMessages(error);
  return messages.length > 0 ? messages : [importerTexts.uploadFailed];
};

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function ShipmentImporterPage({
  user,
  upload: sendFile = uploadImportFile,
}: ShipmentImporterPageProps & {
  /** the upload itself (a test gives its own: jsdom's XMLHttpRequest sends no form); by default XHR */
  upload?: typeof uploadImportFile;
}) {
  usePageTitle('Import shipments');
  const client = useShipmentsApi();
  const calls = useMemo(() => importCalls(client), [client]);
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [processType, setProcessType] = useState<number>(T.ShipmentImport);
  const [customer, setCustomer] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ step: 'upload' });
  const [process, setProcess] = useState<BulkProcess | null>(null);
  const [afterRow, setAfterRow] = useState(0);
  const [failure, setFailure] = useState<string[] | null>(null);
  const email = useLoad(mayImportShipments(user) ? 'default-email' : null, (signal) =>
    calls.defaultEmail(signal),
  );
  const review = useLoad(
    process && (process.importStatus === 'review' || process.importStatus === 'error')
      ? [process.bulkProcessId, process.importStatus, afterRow]
      : null,
    (signal) => calls.review(process!.bulkProcessId, afterRow, signal),
  );

  if (!mayImportShipments(user)) return <Alert color="red">{importerTexts.notAllowed}</Alert>;

  const refresh = async (id: number) => {
    const answer = await calls.get(id);
    if (answer.ok) setProcess(answer.data);
  };
  const send = async (file: File) => {
    setUpload({ step: 'processing', file, sent: 0, total: file.size });
    const answer = await sendFile({ processType, customerOrganizationId: customer!, file }, (sent, total) =>
      setUpload({ step: 'processing', file, sent, total }),
    );
    setUpload(
      answer.ok
        ? { step: 'success', process: answer.data }
        : { step: 'error', problems: problemsOf(answer.error) },
    );
  };
  /** Moving on from step 2 starts the import (001 §4): the file is checked as a job. */
  const start = async (uploaded: BulkProcess) => {
    const answer = await calls.start(uploaded.bulkProcessId);
    if (!answer.ok) return setFailure(problemsOf(answer.error));
    setFailure(null);
    setProcess(answer.data);
    setAfterRow(0);
    setStep(3);
  };
  const confirm = async () => {
    const answer = await calls.confirm(process!.bulkProcessId);
    if (!answer.ok) return setFailure(problemsOf(answer.error));
    setProcess(answer.data);
  };
  const map = async (mapping: Record<string, string>) => {
    const answer = await calls.map(process!.bulkProcessId, mapping);
    if (!answer.ok) return setFailure(problemsOf(answer.error));
    setFailure(null);
    setProcess(answer.data);
    setAfterRow(0);
  };
  const goBack = async () => {
    if (process) await calls.cancel(process.bulkProcessId);
    setProcess(null);
    setUpload({ step: 'upload' });
    setStep(2);
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h3">
        Import shipments
      </Title>
      <Text size="sm" c="dimmed">
        Step {step} of 3
      </Text>

      {step === 1 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Step 1: what to import
          </Title>
          <label>
            <Text size="sm" fw={500}>
              Import type
            </Text>
            <select value={processType} onChange={(e) => setProcessType(Number(e.currentTarget.value))}>
              {shipmentImportTypes.map((t) => (
                <option key={t} value={t}>
                  {BulkProcessType.nameOf(t)}
                </option>
              ))}
            </select>
          </label>
          {processType === T.HistoricalShipmentImport && (
            <Text size="sm">{importerTexts.historicalNote}</Text>
          )}
          <OrganizationSelect
            label="Customer"
            type="payers"
            value={customer}
            onChange={(id) => setCustomer(id)}
          />
          <Anchor href={templateUrl(processType)} download>
            Download the {BulkProcessType.nameOf(processType)} template (CSV)
          </Anchor>
          <Group>
            <Button disabled={!customer} onClick={() => setStep(2)}>
              Next
            </Button>
            {!customer && <Text size="sm">{importerTexts.chooseCustomer}</Text>}
          </Group>
        </Stack>
      )}

      {step === 2 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Step 2: the file
          </Title>
          {upload.step === 'upload' && (
            <label>
              <Text size="sm" fw={500}>
                CSV or Excel (.xlsx) file with the template's header row
              </Text>
              <input
                type="file"
                accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) setUpload({ step: 'confirm', file });
                }}
              />
            </label>
          )}
          {upload.step === 'confirm' && (
            <Group>
              <Text size="sm">
                {upload.file.name} ({sizeText(upload.file.size)})
              </Text>
              <Button onClick={() => void send(upload.file)}>Upload</Button>
              <Button variant="default" onClick={() => setUpload({ step: 'upload' })}>
                Choose another file
              </Button>
            </Group>
          )}
          {upload.step === 'processing' && (
            <Stack gap={4}>
              <Text size="sm">
                Uploading {upload.file.name}: {sizeText(upload.sent)} of {sizeText(upload.total)}
              </Text>
              <ProgressBar
                label="Upload progress"
                value={upload.total > 0 ? Math.floor((upload.sent * 100) / upload.total) : 0}
              />
            </Stack>
          )}
          {upload.step === 'success' && (
            <Alert color="green" title="Uploaded">
              {upload.process.fileName} ({sizeText(upload.process.sizeBytes)}) is uploaded. Nothing is
              imported until you confirm the review.
            </Alert>
          )}
          {upload.step === 'error' && (
            <Alert color="red" title={importerTexts.uploadFailed}>
              <Stack gap={2}>
                {upload.problems.map((p) => (
                  <Text key={p} size="sm">
                    {p}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {failure && <Alert color="red">{failure.join(' ')}</Alert>}
          <Group>
            <Button variant="default" onClick={() => setStep(1)}>
              Back
            </Button>
            {upload.step === 'error' && (
              <Button onClick={() => setUpload({ step: 'upload' })}>Try again</Button>
            )}
            <Button
              disabled={upload.step !== 'success'}
              onClick={() => upload.step === 'success' && void start(upload.process)}
            >
              Next: check the file
            </Button>
          </Group>
        </Stack>
      )}

      {step === 3 && process && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Step 3: review
          </Title>
          {(process.importStatus === 'processing' || process.importStatus === 'importing') &&
            process.traceLogId && (
              <Stack gap={4}>
                <Text size="sm">
                  {process.importStatus === 'processing'
                    ? importerTexts.processing
                    : 'Importing the shipments…'}
                </Text>
                <ProgressTracker
                  key={process.traceLogId}
                  traceLogId={process.traceLogId}
                  trackerType="BulkImport"
                  label={
                    process.importStatus === 'processing' ? 'Checking the file' : 'Importing the shipments'
                  }
                  onFinished={() => void refresh(process.bulkProcessId)}
                />
              </Stack>
            )}
          {process.importStatus === 'error' && (
            <Alert color="red" title="The file cannot be imported">
              {process.error}
            </Alert>
          )}
          {process.importStatus === 'review' && (
            <Stack gap="sm">
              <Text>{reviewSummary(process)}</Text>
            </Stack>
          )}
          {(process.importStatus === 'review' || process.importStatus === 'error') && (
            <ColumnMapping key={process.updatedDate} process={process} onMap={map} />
          )}
          {(process.importStatus === 'review' || process.importStatus === 'error') &&
            review.state === 'loaded' &&
            review.data.problems.length > 0 && (
              <Table aria-label="Rows that cannot be imported">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {review.data.problems.map((p) => (
                    <Table.Tr key={`${p.rowNumber}-${p.column}-${p.reason}`}>
                      <Table.Td>{p.rowNumber}</Table.Td>
                      <Table.Td>{p.column}</Table.Td>
                      <Table.Td>{p.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          {review.state === 'loaded' && review.data.nextAfterRow !== null && (
            <Button variant="default" onClick={() => setAfterRow(review.data.nextAfterRow ?? 0)}>
              More rows
            </Button>
          )}
          {process.importStatus === 'imported' && (
            <Alert color="green" title="Imported">
              {process.importedRows} shipments imported from {process.fileName}.
              {email.state === 'loaded' && ` The result is emailed to ${email.data.email}.`}
            </Alert>
          )}
          {failure && <Alert color="red">{failure.join(' ')}</Alert>}
          <Group>
            {(process.importStatus === 'review' || process.importStatus === 'error') && (
              <Button variant="default" onClick={() => void goBack()}>
                Go back
              </Button>
            )}
            {process.importStatus === 'review' && process.goodRows > 0 && (
              <Button onClick={() => void confirm()}>Import {process.goodRows} shipments</Button>
            )}
            {process.importStatus === 'imported' && (
              <Button
                onClick={() => {
                  setProcess(null);
                  setUpload({ step: 'upload' });
                  setStep(1);
                }}
              >
                Import another file
              </Button>
            )}
          </Group>
          {email.state === 'loaded' && process.importStatus !== 'imported' && (
            <Text size="sm" c="dimmed">
              The result will be emailed to {email.data.email}.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

export default ShipmentImporterPage;
