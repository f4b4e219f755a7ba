// Files on the real servers: uploads streamed to the store, who sees what, access levels, deletes and
// the purge, the hardening (size limit, renamed programs, path names, a crash between the file and the
// record), downloads and the demo data.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AccessLevel, AttachmentType, messages } from '@loadline/contracts/catalogue';
import { sql } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/app/demo.ts';
import { purge } from '../../src/app/purge.ts';
import {
  buyer,
  filesUnder,
  get,
  ops,
  outbox,
  pdfBytes,
  rival,
  type Service,
  send,
  shipper,
  startService,
  today,
  upload,
} from './fixtures.ts';

let s: Service;
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  s = await startService({ settings: { maxFileBytes: 256 * 1024 } });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('upload and list', () => {
  it('stores a staff upload by its hash, guesses the type from the name, and publishes attachment.added', async () => {
    const bytes = pdfBytes('POD for 10005');
    const answer = await upload(
      s,
      ops,
      { shipmentId: '10005' },
      { name: 'signed POD 10005.pdf', bytes, type: 'text/plain' },
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      attachmentType: AttachmentType.values.POD,
      attachmentTypeCode: 'POD',
      attachmentTypeName: 'POD',
      // 000 §5: a shipment's files are Public by default; POD is Public by type too (001 §4).
      accessLevel: AccessLevel.values.Public,
      fileName: 'signed POD 10005.pdf',
      // the sniffed type, not the browser's
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      sourceType: 'shipment',
      sourceId: '10005',
      shipmentId: 10005,
      uploadedBy: 'Omar Operations',
    });
    const hash = sha(bytes);
    expect(existsSync(join(s.dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash))).toBe(true);
    const added = (await outbox(s.t)).filter((r) => r.subject === 'tms.attachments.attachment.added.v1');
    expect(added.map((r) => r.envelope.data)).toContainEqual(
      expect.objectContaining({
        attachmentId: answer.body.attachmentId,
        shipmentId: 10005,
        sha256: hash,
        accessLevel: 0,
      }),
    );
    const list = await (await get(s, ops, '/api/files/getattachments/10005/shipment')).json();
    expect(list.map((a: { attachmentId: string }) => a.attachmentId)).toContain(answer.body.attachmentId);
  });

  it('takes the type and access level given, by number or name', async () => {
    const typed = await upload(
      s,
      ops,
      { shipmentId: '10005', attachmentType: '7', accessLevel: 'Public' },
      { name: 'bill.pdf', bytes: pdfBytes('bill') },
    );
    expect(typed.body).toMatchObject({
      attachmentType: 7,
      attachmentTypeCode: 'CarrierBill',
      accessLevel: 0,
    });
    const carrierBill = await upload(
      s,
      ops,
      { shipmentId: '10005', attachmentType: 'CarrierBill' },
      { name: 'x.pdf', bytes: pdfBytes('x') },
    );
    // 001 §4: a carrier bill is Private by default.
    expect(carrierBill.body).toMatchObject({ attachmentTypeCode: 'CarrierBill', accessLevel: 1 });
    const bad = await upload(
      s,
      ops,
      { shipmentId: '10005', attachmentType: '999', accessLevel: '2' },
      { name: 'y.pdf', bytes: pdfBytes('y') },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'model.attachmentType': ['attachmentType 999 is not a known attachment type.'],
      'model.accessLevel': ['accessLevel must be Public (0) or Private (1).'],
    });
  });

  it("answers an upload without a file with 001 §5's text", async () => {
    const answer = await upload(s, ops, { shipmentId: '10005' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`file: ${messages.attachments.noFileSelected}`);
    expect(answer.body.errors).toEqual({ 'model.file': [messages.attachments.noFileSelected] });
  });

  it("refuses another broker's shipment and an unknown one with 404", async () => {
    const other = await upload(s, rival, { shipmentId: '10005' }, { name: 'a.pdf', bytes: pdfBytes() });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Shipment 10005 was not found.');
    expect((await get(s, rival, '/api/files/getattachments/10005/shipment')).status).toBe(404);
    expect((await upload(s, ops, { shipmentId: '99999' }, { name: 'a.pdf', bytes: pdfBytes() })).status).toBe(
      404,
    );
  });
});

describe('who sees what', () => {
  let publicId: string;
  let privateId: string;
  beforeAll(async () => {
    publicId = String(
      (
        await upload(
          s,
          ops,
          { shipmentId: '10013', accessLevel: '0' },
          { name: 'bol.pdf', bytes: pdfBytes('bol 10013') },
        )
      ).body.attachmentId,
    );
    privateId = String(
      (
        await upload(
          s,
          ops,
          { shipmentId: '10013', accessLevel: '1' },
          { name: 'rate-con.pdf', bytes: pdfBytes('rc 10013') },
        )
      ).body.attachmentId,
    );
  });

  it('shows a customer the Public attachments of its own shipments only', async () => {
    const list = await (await get(s, shipper, '/api/files/getattachments/10013/shipment')).json();
    expect(list.map((a: { attachmentId: string }) => a.attachmentId)).toEqual([publicId]);
    expect((await get(s, shipper, `/files/Attachment?i=${publicId}`)).status).toBe(200);
    expect((await get(s, shipper, `/files/Attachment?i=${privateId}`)).status).toBe(404);
    const count = await (await get(s, shipper, '/api/invoicedelivery/attachmentcount/10013')).json();
    expect(count).toEqual({ shipmentId: 10013, count: 1 });
    expect(await (await get(s, ops, '/api/invoicedelivery/attachmentcount/10013')).json()).toEqual({
      shipmentId: 10013,
      count: 2,
    });
  });

  it("refuses a customer another customer's shipment and file with 404", async () => {
    // 10013 is Acme's; Globex's buyer gets nothing.
    expect((await get(s, buyer, '/api/files/getattachments/10013/shipment')).status).toBe(404);
    const file = await get(s, buyer, `/files/Attachment?i=${publicId}`);
    expect(file.status).toBe(404);
    expect((await file.json()).message).toBe(`Attachment ${publicId} was not found.`);
    expect((await get(s, buyer, '/Files/Download?s=10013&t=1')).status).toBe(404);
    expect((await get(s, buyer, '/api/invoicedelivery/attachmentcount/10013')).status).toBe(404);
  });

  it('lets a customer attach to its own shipment (always Public), not to another or to a carrier', async () => {
    const own = await upload(
      s,
      shipper,
      { shipmentId: '10013' },
      { name: 'packing list.pdf', bytes: pdfBytes('pl') },
    );
    expect(own.status).toBe(201);
    expect(own.body.accessLevel).toBe(0);
    expect(
      (await upload(s, shipper, { shipmentId: '10014' }, { name: 'a.pdf', bytes: pdfBytes() })).status,
    ).toBe(404);
    expect(
      (
        await upload(
          s,
          shipper,
          { shipmentId: '10013', accessLevel: '1' },
          { name: 'a.pdf', bytes: pdfBytes() },
        )
      ).status,
    ).toBe(400);
    expect((await upload(s, shipper, { tariffId: 't1' }, { name: 'a.pdf', bytes: pdfBytes() })).status).toBe(
      403,
    );
  });

  it('changes the access level (staff only): a file made Private disappears for the customer', async () => {
    const refused = await send(
      s,
      shipper,
      'POST',
      `/api/files/changeAttachmentAccessLevel/10013/${publicId}/1`,
    );
    expect(refused.status).toBe(403);
    const changed = await send(s, ops, 'POST', `/api/files/changeAttachmentAccessLevel/10013/${publicId}/1`);
    expect(changed.status).toBe(200);
    expect(changed.body.accessLevel).toBe(1);
    const list = await (await get(s, shipper, '/api/files/getattachments/10013/shipment')).json();
    expect(list.map((a: { attachmentId: string }) => a.attachmentId)).not.toContain(publicId);
    const events = (await outbox(s.t)).filter((r) => r.subject === 'tms.attachments.attachment.changed.v1');
    expect(events.at(-1)?.envelope.data).toMatchObject({
      attachmentId: publicId,
      accessLevel: 1,
      deleted: false,
      version: 2,
    });
    expect(
      (await send(s, ops, 'POST', `/api/files/changeAttachmentAccessLevel/10014/${publicId}/0`)).status,
    ).toBe(404);
    expect(
      (await send(s, ops, 'POST', `/api/files/changeAttachmentAccessLevel/10013/${publicId}/2`)).status,
    ).toBe(400);
  });
});

describe('delete and purge', () => {
  it('deletes softly for the retention period, then the purge removes the record and its file', async () => {
    const bytes = pdfBytes(`to delete ${Date.now()}`);
    const { attachmentId } = (await upload(s, ops, { shipmentId: '10025' }, { name: 'old.pdf', bytes }))
      .body as { attachmentId: string };
    expect(
      (await send(s, shipper, 'DELETE', `/api/files/deletedocument/shipment/10025/${attachmentId}`)).status,
    ).toBe(403);
    expect(
      (await send(s, ops, 'DELETE', `/api/files/deletedocument/shipment/10026/${attachmentId}`)).status,
    ).toBe(404);
    const deleted = await send(s, ops, 'DELETE', `/api/files/deletedocument/shipment/10025/${attachmentId}`);
    expect(deleted.status).toBe(200);
    const purgeAfter = new Date(deleted.body.purgeAfter);
    expect(Math.round((purgeAfter.getTime() - Date.now()) / 86_400_000)).toBe(30);
    const list = await (await get(s, ops, '/api/files/getattachments/10025/shipment')).json();
    expect(list.map((a: { attachmentId: string }) => a.attachmentId)).not.toContain(attachmentId);
    expect((await get(s, ops, `/files/Attachment?i=${attachmentId}`)).status).toBe(404);
    const hash = sha(bytes);
    // Within retention the file stays.
    await purge(s.ctx, { now: new Date() });
    expect(await s.ctx.adapters.store.has(hash)).toBe(true);
    const report = await purge(s.ctx, { now: new Date(purgeAfter.getTime() + 1000) });
    expect(report.attachments).toBeGreaterThanOrEqual(1);
    expect(await s.ctx.adapters.store.has(hash)).toBe(false);
    const row = await s.t.runtime.db
      .selectFrom('attachment')
      .select('attachment_id')
      .where('attachment_id', '=', attachmentId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps a file that another attachment still uses', async () => {
    const bytes = pdfBytes(`shared ${Date.now()}`);
    const first = (await upload(s, ops, { shipmentId: '10025' }, { name: 'a.pdf', bytes })).body
      .attachmentId as string;
    await upload(s, ops, { shipmentId: '10027' }, { name: 'b.pdf', bytes });
    const deleted = await send(s, ops, 'DELETE', `/api/files/deletedocument/shipment/10025/${first}`);
    await purge(s.ctx, { now: new Date(new Date(deleted.body.purgeAfter).getTime() + 1000) });
    expect(await s.ctx.adapters.store.has(sha(bytes))).toBe(true);
  });
});

describe('hardening', () => {
  it('refuses a file over the size limit with 413 and leaves nothing behind', async () => {
    const answer = await upload(
      s,
      ops,
      { shipmentId: '10005' },
      { name: 'huge.pdf', bytes: Buffer.alloc(300 * 1024, 65) },
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The file is too large: the limit is 256 KB.');
    expect(await filesUnder(join(s.dataDir, 'staging'))).toEqual([]);
  });

  it('refuses a program renamed as a PDF, whatever the browser says it is', async () => {
    // An ELF executable's first bytes, sent as "pod.pdf" with a PDF content type.
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const answer = await upload(
      s,
      ops,
      { shipmentId: '10005' },
      { name: 'pod.pdf', bytes: elf, type: 'application/pdf' },
    );
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe(
      'pod.pdf is a program (ELF), not a document: programs cannot be attached.',
    );
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    expect((await upload(s, ops, { shipmentId: '10005' }, { name: 'invoice.pdf', bytes: exe })).status).toBe(
      415,
    );
    const script = await upload(
      s,
      ops,
      { shipmentId: '10005' },
      { name: 'notes.txt', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') },
    );
    expect(script.status).toBe(415);
    expect(await s.ctx.adapters.store.has(sha(elf))).toBe(false);
    // Plain text has no signature: it is kept, typed by its extension.
    const csv = await upload(
      s,
      ops,
      { shipmentId: '10005' },
      { name: 'stops.csv', bytes: Buffer.from('stop,city\n1,Dayton\n') },
    );
    expect(csv.body.contentType).toBe('text/csv');
    expect(await filesUnder(join(s.dataDir, 'staging'))).toEqual([]);
  });

  it('answers 400, not 500, to an upload without a boundary or with a NUL in its title, and stores nothing (issue 14)', async () => {
    const count = async () =>
      (await s.t.runtime.db.selectFrom('attachment').select('attachment_id').execute()).length;
    const before = await count();
    const noBoundary = await fetch(`${s.base}/api/files/fileUpload`, {
      method: 'POST',
      headers: { ...s.as(ops), 'content-type': 'multipart/form-data' },
      body: '--x\r\nContent-Disposition: form-data; name="shipmentId"\r\n\r\n10005\r\n--x--\r\n',
    });
    expect(noBoundary.status).toBe(400);
    expect(((await noBoundary.json()) as { message: string }).message).toBe(
      'The upload is not valid multipart/form-data: send the file and fields as a form, with its boundary.',
    );
    const cutShort = await fetch(`${s.base}/api/files/fileUpload`, {
      method: 'POST',
      headers: { ...s.as(ops), 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
    });
    expect(cutShort.status).toBe(400);
    const nul = await upload(
      s,
      ops,
      { shipmentId: '10005', title: 'Proof\u0000of delivery' },
      { name: 'pod.txt', bytes: Buffer.from('delivered') },
    );
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual({ 'model.title': ['title must not contain a NUL character.'] });
    // The form's fields are checked against its schema as they are read, naming the field.
    const long = await upload(
      s,
      ops,
      { shipmentId: '1'.repeat(65), title: 'x'.repeat(201) },
      { name: 'pod.txt', bytes: Buffer.from('delivered') },
    );
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({
      'model.shipmentId': ['shipmentId must be at most 64 characters.'],
      'model.title': ['title must be at most 200 characters.'],
    });
    expect(await count()).toBe(before);
    expect(await filesUnder(join(s.dataDir, 'staging'))).toEqual([]);
  });

  it('keeps a path-traversal name inside the store: the name is cleaned, the file kept by its hash', async () => {
    const bytes = pdfBytes('traversal');
    const answer = await upload(
      s,
      ops,
      { shipmentId: '10005' },
      { name: '../../../../etc/cron.d/evil.pdf', bytes },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.fileName).toBe('evil.pdf');
    const windows = await upload(
      s,
      ops,
      { shipmentId: '10005' },
      { name: '..\\..\\boot.ini\u202Efdp.exe', bytes: pdfBytes('w') },
    );
    expect(windows.status).toBe(415);
    const files = await filesUnder(s.dataDir);
    expect(files.filter((f) => f.includes('evil') || f.includes('cron'))).toEqual([]);
    const hash = sha(bytes);
    expect(files).toContain(join(s.dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash));
  });

  it('leaves no record and no lasting file when it fails between writing the file and committing the record', async () => {
    // A crash at the commit: the database refuses the record after the file was stored.
    await sql`create function refuse_attachment() returns trigger language plpgsql as $$ begin raise exception 'crash before commit'; end $$`.execute(
      s.t.runtime.db,
    );
    await sql`create trigger crash before insert on attachment for each row execute function refuse_attachment()`.execute(
      s.t.runtime.db,
    );
    const bytes = pdfBytes(`crash ${Date.now()}`);
    const hash = sha(bytes);
    try {
      const answer = await upload(s, ops, { shipmentId: '10005' }, { name: 'crash.pdf', bytes });
      expect(answer.status).toBe(500);
    } finally {
      await sql`drop trigger crash on attachment`.execute(s.t.runtime.db);
      await sql`drop function refuse_attachment()`.execute(s.t.runtime.db);
    }
    const rows = await s.t.runtime.db
      .selectFrom('attachment')
      .select('attachment_id')
      .where('sha256', '=', hash)
      .execute();
    expect(rows).toEqual([]);
    expect(
      await s.t.runtime.db.selectFrom('blob').select('sha256').where('sha256', '=', hash).executeTakeFirst(),
    ).toBeUndefined();
    // The whole file is in the store (never half a file), named by no record: the purge removes it.
    expect(await s.ctx.adapters.store.has(hash)).toBe(true);
    const report = await purge(s.ctx, { orphanGraceMs: 0 });
    expect(report.orphans).toBeGreaterThanOrEqual(1);
    expect(await s.ctx.adapters.store.has(hash)).toBe(false);
    // The same upload again works.
    expect((await upload(s, ops, { shipmentId: '10005' }, { name: 'crash.pdf', bytes })).status).toBe(201);
    expect(await s.ctx.adapters.store.has(hash)).toBe(true);
  });
});

describe('downloads', () => {
  it('streams a stored file with Content-Disposition: attachment and nosniff', async () => {
    const bytes = pdfBytes('download me');
    const { attachmentId } = (
      await upload(
        s,
        ops,
        { shipmentId: '10005', attachmentType: '5' },
        { name: 'Connaissement é.pdf', bytes },
      )
    ).body as { attachmentId: string };
    const response = await get(s, ops, `/files/Attachment?i=${attachmentId}&t=5`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Connaissement _.pdf"; filename*=UTF-8''Connaissement%20%C3%A9.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await get(s, ops, `/files/Attachment?i=${attachmentId}&t=4`)).status).toBe(404);
    const newest = await get(s, ops, '/Files/Download?s=10005&t=5&z=shipment');
    expect(newest.status).toBe(200);
    expect(Buffer.from(await newest.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('prints generated documents as real PDFs; statements (t 103) are not made here', async () => {
    const bol = await get(s, ops, '/Files/AutoPrint?s=10005&t=BOL');
    expect(bol.status).toBe(200);
    expect(bol.headers.get('content-type')).toBe('application/pdf');
    expect(bol.headers.get('content-disposition')).toMatch(/^inline; filename="BOL-10005.pdf"/);
    const pdf = Buffer.from(await bol.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const confirmation = await get(s, ops, '/Files/Print?s=10005&t=CarrierConfirmation');
    expect(confirmation.status).toBe(200);
    // a customer is not given the carrier confirmation
    expect((await get(s, shipper, '/Files/Print?s=10005&t=CarrierConfirmation')).status).toBe(404);
    expect((await get(s, shipper, '/Files/Print?s=10005&t=RateQuoteSheet')).status).toBe(200);
    const statement = await get(s, ops, '/Files/Print?o=org_demo_acme&s=0');
    expect(statement.status).toBe(404);
    expect((await statement.json()).message).toBe(
      'Statements are made by accounting and cannot be printed here.',
    );
  });
});

describe('demo data', () => {
  it('puts a BOL and a POD on each delivered demo shipment, in both access levels; seeding twice changes nothing', async () => {
    await seedDemoData(s.t.runtime, today, s.ctx.adapters.store);
    const count = async () =>
      Number(
        (
          await s.t.runtime.db
            .selectFrom('attachment')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('attachment_id', 'like', 'att_demo_%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(16);
    await seedDemoData(s.t.runtime, today, s.ctx.adapters.store);
    expect(await count()).toBe(16);
    const staff = await (await get(s, ops, '/api/files/getattachments/10009/shipment')).json();
    expect(staff.map((a: { fileName: string }) => a.fileName).sort()).toEqual([
      'BOL-10009.pdf',
      'POD-10009.pdf',
    ]);
    // 10019 is Acme's with a Private POD; 10009 Acme's with a Public one.
    const acme19 = await (await get(s, shipper, '/api/files/getattachments/10019/shipment')).json();
    expect(acme19.map((a: { fileName: string }) => a.fileName)).toEqual(['BOL-10019.pdf']);
    const acme9 = await (await get(s, shipper, '/api/files/getattachments/10009/shipment')).json();
    expect(acme9.map((a: { fileName: string }) => a.fileName).sort()).toEqual([
      'BOL-10009.pdf',
      'POD-10009.pdf',
    ]);
    const pod = acme9.find((a: { fileName: string }) => a.fileName === 'POD-10009.pdf');
    const file = Buffer.from(
      await (await get(s, shipper, `/files/Attachment?i=${pod.attachmentId}`)).arrayBuffer(),
    );
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the shipments read model', () => {
  it('takes a batch of shipment.updated at once: newest version kept, the files follow a shipment to another customer', async () => {
    const { createEnvelope } = await import('@loadline/platform');
    const { subjects } = await import('@loadline/contracts/events');
    const consumer = s.t.runtime.consumers.find((c) => c.consumerKey === 'attachments:shipments')!;
    const held = await s.t.runtime.db
      .selectFrom('shipment_view')
      .select(['state', 'version', 'customer_organization_id'])
      .where('shipment_id', '=', 10005)
      .executeTakeFirstOrThrow();
    const state = held.state as import('@loadline/contracts/events').ShipmentUpdatedV1;
    const customers = async () =>
      (
        await s.t.runtime.db
          .selectFrom('attachment')
          .select('customer_organization_id')
          .where('shipment_id', '=', 10005)
          .where('source_type', '=', 'shipment')
          .execute()
      ).map((a) => a.customer_organization_id);
    expect((await customers()).length).toBeGreaterThan(0);
    const at = (version: number, customerOrganizationId: string) =>
      createEnvelope('shipments', subjects.shipmentUpdated, { ...state, version, customerOrganizationId });
    // a newer version to another customer, and an older one delivered late in the same batch
    expect(
      await consumer.applyAll([
        at(held.version + 2, 'org_demo_globex'),
        at(held.version + 1, 'org_demo_acme'),
      ]),
    ).toEqual([true, true]);
    const view = await s.t.runtime.db
      .selectFrom('shipment_view')
      .select(['state', 'version', 'customer_organization_id'])
      .where('shipment_id', '=', 10005)
      .executeTakeFirstOrThrow();
    expect(view.version).toBe(held.version + 2);
    expect(view.customer_organization_id).toBe('org_demo_globex');
    // the whole shipment kept as it came (an object, not its text)
    expect((view.state as { customerOrganizationId: string }).customerOrganizationId).toBe('org_demo_globex');
    expect(new Set(await customers())).toEqual(new Set(['org_demo_globex']));
    // and back: the same key twice in one batch, in order
    expect(
      await consumer.applyAll([
        at(held.version + 3, 'org_demo_acme'),
        at(held.version + 4, held.customer_organization_id),
      ]),
    ).toEqual([true, true]);
    expect(new Set(await customers())).toEqual(new Set([held.customer_organization_id]));
  });
});
