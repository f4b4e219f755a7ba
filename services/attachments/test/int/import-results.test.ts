// A shipment import's result (issue 17, decision 0096): the shipments service's import.finished becomes one
// email to the importer, through the document sender's outgoing messages and the real SMTP sink, with the
// rows left out attached as CSV; the event delivered again sends nothing more.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MailSendStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importResultMessageId } from '../../src/app/import-results.ts';
import { findMessage } from '../../src/store/messages.ts';
import { type Service, startService } from './fixtures.ts';

let s: Service;
beforeAll(async () => {
  s = await startService();
}, 120_000);
afterAll(() => s?.close());

const result = (bulkProcessId: number, rejectedRows: number) => ({
  bulkProcessId,
  brokerId: 'org_demo_broker',
  processType: 90,
  customerOrganizationId: 'org_demo_acme',
  fileName: 'acme-history.csv',
  recipient: 'admin@demo.test',
  requestedBy: { userId: 'usr_demo_admin', name: 'Ada Admin' },
  totalRows: 5,
  importedRows: 5 - rejectedRows,
  rejectedRows,
  rejectedRowsCsv:
    rejectedRows > 0
      ? 'Row,Column,Reason\r\n3,Origin Zip,The origin ZIP or postal code is required.\r\n'
      : 'Row,Column,Reason\r\n',
  finishedDate: new Date().toISOString(),
});

describe('the result of a shipment import', () => {
  it('is emailed to the importer with the rows left out as CSV, once', async () => {
    const eventId = randomUUID();
    expect(await s.t.deliver(subjects.shipmentImportFinished, result(41, 1), eventId)).toBe(true);
    const mail = await s.sink.waitFor((m) =>
      m.subject.startsWith('Historical Shipment Import acme-history.csv'),
    );
    expect(mail.subject).toBe('Historical Shipment Import acme-history.csv: 4 of 5 shipments imported');
    expect(mail.envelope.to).toEqual(['admin@demo.test']);
    expect(mail.text).toContain('Rows left out: 1');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['acme-history-rows-left-out.csv', 'text/csv'],
    ]);
    const csv = await readFile(join(s.sink.dir, mail.id, 'acme-history-rows-left-out.csv'), 'utf8');
    expect(csv).toContain('3,Origin Zip,The origin ZIP or postal code is required.');
    const sent = await eventually(async () => {
      const m = await findMessage(s.t.runtime.db, importResultMessageId(41));
      return m?.status === MailSendStatus.values.Success ? m : undefined;
    });
    expect(sent.recipients).toEqual(['admin@demo.test']);

    // the same event again (a redelivery) records and sends nothing more
    expect(await s.t.deliver(subjects.shipmentImportFinished, result(41, 1), eventId)).toBe(false);
    expect(await s.t.deliver(subjects.shipmentImportFinished, result(41, 1), randomUUID())).toBe(true);
    const all = await s.t.runtime.db
      .selectFrom('outgoing_message')
      .select('message_id')
      .where('message_id', 'like', 'msg_import_%')
      .execute();
    expect(all).toHaveLength(1);
  });

  it('without rows left out, the summary has no attachment', async () => {
    await s.t.deliver(subjects.shipmentImportFinished, result(42, 0));
    const mail = await s.sink.waitFor((m) => m.subject.includes('5 of 5 shipments imported'));
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('Every row was imported.');
  });
});
