// The shipment importer's calls (issue 17, decision 0095), through the shell's one gateway client; the upload
// alone through @loadline/ui's postFormWithProgress, whose progress the typed client (fetch) cannot report.
import { type Outcome, outcomeOf, postFormWithProgress } from '@loadline/ui';
import type { ShipmentsClient } from '../api/client.ts';
import type { ShipmentsPaths } from '../api/types.ts';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
export type BulkProcess = JsonOf<
  ShipmentsPaths['/api/bulkProcessQueue/{bulkProcessId}']['get']['responses'][200]
>;
export type ImportReview = JsonOf<
  ShipmentsPaths['/api/bulkProcessQueue/{bulkProcessId}/review']['get']['responses'][200]
>;

const byId = (bulkProcessId: number) => ({ params: { path: { bulkProcessId } } });

export const importCalls = (client: ShipmentsClient) => ({
  get: (id: number, signal?: AbortSignal) =>
    outcomeOf(client.GET('/api/bulkProcessQueue/{bulkProcessId}', { ...byId(id), signal })),
  /** moving on from step 2: the check starts */
  start: (id: number) => outcomeOf(client.POST('/api/bulkProcessQueue/{bulkProcessId}/start', byId(id))),
  review: (id: number, afterRow: number, signal?: AbortSignal) =>
    outcomeOf(
      client.GET('/api/bulkProcessQueue/{bulkProcessId}/review', {
        params: { path: { bulkProcessId: id }, query: { afterRow } },
        signal,
      }),
    ),
  confirm: (id: number) => outcomeOf(client.POST('/api/bulkProcessQueue/{bulkProcessId}/confirm', byId(id))),
  cancel: (id: number) => outcomeOf(client.POST('/api/bulkProcessQueue/{bulkProcessId}/cancel', byId(id))),
  /** the mapping step: which template column each header of the file holds ('' leaves it out) */
  map: (id: number, mapping: Record<string, string>) =>
    outcomeOf(
      client.PUT('/api/bulkProcessQueue/{bulkProcessId}/mapping', { ...byId(id), body: { mapping } }),
    ),
  defaultEmail: (signal?: AbortSignal) =>
    outcomeOf(client.GET('/api/bulkProcessQueue/getDefaultUserEmail', { signal })),
});

/** Where a type's template downloads from (a plain link: the browser saves the CSV). */
export const templateUrl = (processType: number) => `/api/bulkProcessQueue/template/${processType}`;

/** Step 2's upload, with the bytes sent reported as they go. */
export function uploadImportFile(
  request: { processType: number; customerOrganizationId: string; file: File },
  onProgress: (sent: number, total: number) => void,
): Promise<Outcome<BulkProcess>> {
  const form = new FormData();
  form.set('file', request.file, request.file.name);
  const query = new URLSearchParams({
    processType: String(request.processType),
    customerOrganizationId: request.customerOrganizationId,
  });
  return postFormWithProgress<BulkProcess>(`/api/bulkProcessQueue/upload?${query}`, form, onProgress, {
    sizeHint: request.file.size,
  });
}
