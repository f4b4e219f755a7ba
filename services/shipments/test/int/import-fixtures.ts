// Pieces of the shipment importer's integration tests: CSV files built from the template's header, the
// multipart upload as a browser sends it, and waiting on a bulk process's import status.
import { BulkProcessType, StaffPermission } from '@loadline/contracts/catalogue';
import { eventually } from '@loadline/platform/testing';
import { columnsFor, type ShipmentImportType } from '../../src/domain/bulk-import.ts';
import { admin, ops, type Shipments } from './fixtures.ts';

/** An importer: TMS site admin (002 §6.2 "shipment importer"). */
export const siteAdmin = { ...ops, permissions: StaffPermission.combine('TMSSiteAdmin') };
export { admin };

export type Row = Record<string, string>;

/** A good row: Acme, Dayton to Chicago, with its own PO number. */
export const goodRow = (n: number, overrides: Row = {}): Row => ({
  'Shipment Type': 'LTL',
  'Origin Company': 'Acme Plastics',
  'Origin City': 'Dayton',
  'Origin State': 'OH',
  'Origin Zip': '45414',
  'Pickup Ready': '03/02/2026 08:00',
  'Pickup Close': '03/02/2026 16:00',
  'Destination Company': 'Windy City Foods',
  'Destination City': 'Chicago',
  'Destination State': 'IL',
  'Destination Zip': '60632',
  'Total Weight': '1200',
  'Handling Units': '2',
  'PO Number': `PO-${n}`,
  ...overrides,
});

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function csvOf(type: ShipmentImportType, rows: readonly Row[]): string {
  const headers = columnsFor(type).map((c) => c.header);
  const lines = [headers.join(','), ...rows.map((r) => headers.map((h) => quote(r[h] ?? '')).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

const boundary = '----loadlineImportTest';
export function multipart(fileName: string, content: string | Buffer): { body: Buffer; contentType: string } {
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  t: Shipments,
  who: Parameters<Shipments['as']>[0],
  csv: string | Buffer,
  options: { type?: number; customer?: string; fileName?: string } = {},
) {
  const { body, contentType } = multipart(options.fileName ?? 'shipments.csv', csv);
  const type = options.type ?? BulkProcessType.values.ShipmentImport;
  const customer = options.customer ?? 'org_demo_acme';
  return t.app.inject({
    method: 'POST',
    url: `/api/bulkProcessQueue/upload?processType=${type}&customerOrganizationId=${customer}`,
    headers: { ...t.as(who), 'content-type': contentType },
    payload: body,
  });
}

export const call = (
  t: Shipments,
  who: Parameters<Shipments['as']>[0],
  method: 'GET' | 'POST',
  url: string,
) => t.app.inject({ method, url, headers: t.as(who) });

/** Waits until the bulk process reaches one of the import statuses, and returns it. */
export async function until(t: Shipments, id: number, statuses: readonly string[], timeoutMs = 60_000) {
  return eventually(async () => {
    const res = await call(t, admin, 'GET', `/api/bulkProcessQueue/${id}`);
    const body = res.json();
    return statuses.includes(body.importStatus) ? body : undefined;
  }, timeoutMs);
}
