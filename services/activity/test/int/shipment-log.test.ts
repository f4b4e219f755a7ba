// The shipment activity log against the real PostgreSQL, NATS and Redis: entries from the shipments
// service's events exactly once, the latest 50 then the remaining, adding with the 000 §3/§5 defaults and
// presets, the access-level cycle and pins, who sees what (issue 5 item 5), filters, operation notes, the
// archive and the consolidation push.
import {
  AccessLevel,
  PresetAuditType,
  PresetPayableNote,
  ShipmentActivityType,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import { eventually } from '@loadline/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveDelivered } from '../../src/app/archive.ts';
import {
  accountant,
  admin,
  buyer,
  globex,
  noteAdded,
  ops,
  otherBroker,
  type Service,
  shipmentUpdated,
  shipper,
  startService,
  statusChanged,
  subjects,
} from './fixtures.ts';

const S = ShipmentStatus.values;
const T = ShipmentActivityType.values;
const A = AccessLevel.values;

let s: Service;

interface Activity {
  id: number;
  shipmentId: number;
  activityType: number;
  accessLevel: number;
  description: string;
  pinned: boolean;
  userName: string;
  isArchived: boolean;
  isAssigned: boolean;
  isScheduled: boolean;
  isAssignment: boolean;
  presetPayableNote: number | null;
  presetAuditNote: number | null;
  pushedFromShipmentId: number | null;
  createdDate: string;
  assignToStaffId: string | null;
}

const get = async (url: string, who: object = ops) => {
  const res = await s.app.inject({ method: 'GET', url, headers: s.t.as(who) });
  return { status: res.statusCode, body: res.json() };
};
const log = async (shipmentId: number, query = '', who: object = ops) =>
  (await get(`/api/activitylog?shipmentId=${shipmentId}${query}`, who)).body as Activity[];
const add = (payload: Record<string, unknown>, who: object = ops) =>
  s.app.inject({ method: 'POST', url: '/api/activitylog', headers: s.t.as(who), payload });
const setLevel = (id: number, level: number, who: object = ops) =>
  s.app.inject({
    method: 'POST',
    url: `/api/activitylog/setaccesslevel/${id}/${level}`,
    headers: s.t.as(who),
  });
const pin = (id: number, shipmentId: number, pinned: boolean, who: object = ops) =>
  s.app.inject({
    method: 'PUT',
    url: '/api/shipmentActivityLog/togglePinned',
    headers: s.t.as(who),
    payload: { shipmentActivityLogId: id, shipmentId, pinned },
  });
const entryCount = async (shipmentId: number) =>
  Number(
    (
      await s.t.runtime.db
        .selectFrom('shipment_activity')
        .select(sql<number>`count(*)`.as('n'))
        .where('shipment_id', '=', shipmentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  s = await startService();
  // The shipments the tests use, as the shipments service announces them.
  await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 501 }));
  await s.deliver(
    subjects.shipmentUpdated,
    shipmentUpdated({ shipmentId: 502, customerOrganizationId: globex }),
  );
  await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 503 }));
  await s.deliver(
    subjects.shipmentUpdated,
    shipmentUpdated({
      shipmentId: 504,
      brokerId: 'org_other_broker',
      customerOrganizationId: 'org_other_customer',
    }),
  );
  await s.deliver(subjects.userChanged, {
    userId: ops.userId,
    version: 1,
    organizationId: ops.organizationId,
    organizationType: 60,
    brokerId: ops.brokerId,
    kind: 'staff',
    email: 'ops@demo.test',
    firstName: 'Omar',
    lastName: 'Operations',
    permissions: ops.permissions,
    customerSettings: 0,
    active: true,
  });
});

afterAll(async () => {
  await s?.close();
});

describe('status changes and notes become entries, exactly once (issue 5 item 2)', () => {
  it('turns a status.changed into one Public Status Change entry, even when delivered twice', async () => {
    const change = statusChanged(501, S.Dispatched, S.InTransit, { location: 'Dayton, OH' });
    const id = '3f1c2a9e-1d5b-4c1e-9a55-2d0c1b7e0a01';
    expect(await s.deliver(subjects.shipmentStatusChanged, change, id)).toBe(true);
    expect(await s.deliver(subjects.shipmentStatusChanged, change, id)).toBe(false);
    const entries = (await log(501)).filter((e) => e.activityType === T.StatusChange);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      accessLevel: A.Public,
      description: 'Status changed from Dispatched to In Transit. Location: Dayton, OH.',
      userName: 'Omar Operations',
    });
  });

  it('describes cancels, reinstates and a leg other than the active one', async () => {
    await s.deliver(
      subjects.shipmentStatusChanged,
      statusChanged(503, S.Committed, S.Canceled, {
        change: 'cancel',
        lostQuoteAlertRequested: true,
        version: 3,
      }),
    );
    await s.deliver(
      subjects.shipmentStatusChanged,
      statusChanged(503, S.Canceled, S.Quote, { change: 'reinstate', version: 4 }),
    );
    await s.deliver(
      subjects.shipmentStatusChanged,
      statusChanged(503, S.Quote, S.Quote, {
        version: 5,
        transitLegType: 0,
        previousTransitLegStatus: S.Dispatched,
        transitLegStatus: S.InTransit,
      }),
    );
    const texts = (await log(503, `&activityType=${T.StatusChange}`)).map((e) => e.description);
    expect(texts).toEqual([
      'Pickup Local leg status changed from Dispatched to In Transit.',
      'Shipment reinstated as Quote (was Canceled).',
      'Shipment canceled (was Committed). Lost quote alert requested.',
    ]);
  });

  it('files a note.added with its own type, level, pin and author', async () => {
    const note = noteAdded(501, { accessLevel: A.Public, pinned: true, description: 'Check call: on time.' });
    const id = '3f1c2a9e-1d5b-4c1e-9a55-2d0c1b7e0a02';
    await s.deliver(subjects.shipmentNoteAdded, note, id);
    await s.deliver(subjects.shipmentNoteAdded, note, id);
    const notes = (await log(501)).filter((e) => e.description === 'Check call: on time.');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ activityType: T.Operations, accessLevel: A.Public, pinned: true });
  });

  it('learns a shipment it has not seen from its first event, and publishes activity.changed', async () => {
    await s.deliver(subjects.shipmentNoteAdded, noteAdded(777, { customerOrganizationId: globex }));
    expect(await log(777, '', buyer)).toHaveLength(0); // Private: customers see Public only
    expect(await log(777)).toHaveLength(1);
    const events = await s.t.runtime.db
      .selectFrom('outbox')
      .select(['subject', 'envelope'])
      .where('subject', '=', subjects.shipmentActivityChanged)
      .execute();
    const mine = events.map((e) => (e.envelope as { data: { shipmentId: number; change: string } }).data);
    expect(mine).toContainEqual(expect.objectContaining({ shipmentId: 777, change: 'added' }));
  });

  it('takes a batch of status changes and notes together: each entry once, with its activity.changed', async () => {
    const { createEnvelope } = await import('@loadline/platform');
    const consumer = s.t.runtime.consumers.find((c) => c.durableName.endsWith('shipment-activities'))!;
    const batch = [
      createEnvelope(
        'shipments',
        subjects.shipmentStatusChanged,
        statusChanged(781, S.Dispatched, S.InTransit, { version: 2 }),
      ),
      createEnvelope(
        'shipments',
        subjects.shipmentNoteAdded,
        noteAdded(781, { description: 'Batch note one.' }),
      ),
      createEnvelope(
        'shipments',
        subjects.shipmentStatusChanged,
        statusChanged(782, S.InTransit, S.Delivered, { version: 3, customerOrganizationId: globex }),
      ),
      createEnvelope(
        'shipments',
        subjects.shipmentStatusChanged,
        statusChanged(781, S.InTransit, S.OutForDelivery, { version: 3 }),
      ),
    ];
    expect(await consumer.applyAll(batch)).toEqual([true, true, true, true]);
    expect(await consumer.applyAll(batch)).toEqual([false, false, false, false]);
    expect((await log(781)).map((e) => e.description)).toEqual([
      'Status changed from In Transit to Out for Delivery.',
      'Batch note one.',
      'Status changed from Dispatched to In Transit.',
    ]);
    expect((await log(782, '', buyer)).map((e) => e.description)).toEqual([
      'Status changed from In Transit to Delivered.',
    ]);
    // the read model: the newer status of 781 kept, 782 learnt from its status change with its delivery time
    const reads = await s.t.runtime.db
      .selectFrom('shipment_read')
      .select(['shipment_id', 'status', 'version', 'delivered_at'])
      .where('shipment_id', 'in', [781, 782])
      .orderBy('shipment_id')
      .execute();
    expect(reads.map((r) => [Number(r.shipment_id), r.status, r.version, r.delivered_at !== null])).toEqual([
      [781, S.OutForDelivery, 3, false],
      [782, S.Delivered, 3, true],
    ]);
    const published = (
      await s.t.runtime.db
        .selectFrom('outbox')
        .select('envelope')
        .where('subject', '=', subjects.shipmentActivityChanged)
        .execute()
    )
      .map((e) => (e.envelope as { data: { shipmentId: number; customerOrganizationId: string } }).data)
      .filter((d) => d.shipmentId === 781 || d.shipmentId === 782);
    expect(published).toHaveLength(4);
    expect(published.filter((d) => d.shipmentId === 782)).toEqual([
      expect.objectContaining({ customerOrganizationId: globex }),
    ]);
  });

  it("takes a status update's one shipment.updated: its Status Change and its note's entry once each, with no handled mark", async () => {
    const id = '3f1c2a9e-1d5b-4c1e-9a55-2d0c1b7e0a03';
    const noteId = '3f1c2a9e-1d5b-4c1e-9a55-2d0c1b7e0a04';
    const update = shipmentUpdated({
      shipmentId: 791,
      version: 4,
      status: S.OutForDelivery,
      customerOrganizationId: globex,
      statusChange: {
        transitLegId: 'leg_791',
        transitLegType: 1,
        change: 'status',
        previousStatus: S.InTransit,
        previousTransitLegStatus: S.InTransit,
        transitLegStatus: S.OutForDelivery,
        lostQuoteAlertRequested: false,
        location: 'Gary, IN',
        changedBy: { userId: ops.userId, name: 'Omar Operations' },
      },
      note: {
        noteId,
        activityType: T.Operations,
        accessLevel: A.Private,
        description: 'Driver called in.',
        pinned: false,
        createdBy: { userId: ops.userId, name: 'Omar Operations' },
        createdDate: '2026-01-05T10:00:00.000Z',
      },
    });
    // delivered twice (a redelivery), and an older version of the shipment after it
    await s.deliver(subjects.shipmentUpdated, update, id);
    await s.deliver(subjects.shipmentUpdated, update, id);
    await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 791, version: 3 }));
    const entries = await log(791);
    expect(entries.map((e) => [e.activityType, e.accessLevel, e.description, e.userName])).toEqual([
      [
        T.StatusChange,
        A.Public,
        'Status changed from In Transit to Out for Delivery. Location: Gary, IN.',
        'Omar Operations',
      ],
      [T.Operations, A.Private, 'Driver called in.', 'Omar Operations'],
    ]);
    expect((await log(791, '', buyer)).map((e) => e.activityType)).toEqual([T.StatusChange]);
    const read = await s.t.runtime.db
      .selectFrom('shipment_read')
      .select(['status', 'version', 'customer_organization_id'])
      .where('shipment_id', '=', 791)
      .executeTakeFirstOrThrow();
    expect(read).toEqual({ status: S.OutForDelivery, version: 4, customer_organization_id: globex });
    // one activity.changed per entry, none for the redelivery
    const published = (
      await s.t.runtime.db
        .selectFrom('outbox')
        .select('envelope')
        .where('subject', '=', subjects.shipmentActivityChanged)
        .execute()
    ).filter((e) => (e.envelope as { data: { shipmentId: number } }).data.shipmentId === 791);
    expect(published).toHaveLength(2);
    // the entries' unique keys are the marks: the consumer writes none (decision 0048)
    const marks = await s.t.runtime.db
      .selectFrom('handled_event')
      .select('event_id')
      .where('event_id', '=', id)
      .execute();
    expect(marks).toEqual([]);
  });

  it('consumes the events from JetStream (the durable consumer, end to end)', async () => {
    const { wireSubject, createEnvelope } = await import('@loadline/platform');
    const envelope = createEnvelope(
      'shipments',
      subjects.shipmentStatusChanged,
      statusChanged(502, S.InTransit, S.OutForDelivery, {
        customerOrganizationId: globex,
        version: 7,
      }),
    );
    await s.t.runtime.start();
    const subject = wireSubject(s.t.config.eventNamespace, subjects.shipmentStatusChanged);
    await s.t.runtime.js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
    // Published twice (a relay retry): the stream's duplicate window drops the second.
    await s.t.runtime.js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
    const entry = await eventually(async () =>
      (await log(502)).find((e) => e.description === 'Status changed from In Transit to Out for Delivery.'),
    );
    expect(entry.accessLevel).toBe(A.Public);
    expect((await log(502)).filter((e) => e.activityType === T.StatusChange)).toHaveLength(1);
  });
});

describe('adding entries (000 §3, §5)', () => {
  it('adds a General, Private entry by default and answers it', async () => {
    const res = await add({ shipmentId: 501, description: '  Customer asked for a call before delivery.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      shipmentId: 501,
      activityType: T.General,
      accessLevel: A.Private,
      description: 'Customer asked for a call before delivery.',
      activityDescription: 'Customer asked for a call before delivery.',
      userName: 'Omar Operations',
      pinned: false,
      isAssignment: false,
    });
  });

  it('puts the payable or audit preset first, followed by ". ", replacing a preset already there', async () => {
    const payable = await add({
      shipmentId: 501,
      activityType: T.Payable,
      presetPayableNote: PresetPayableNote.values.DuplicateBill,
      description: 'Positive variance. Invoice 4411 came twice.',
    });
    expect(payable.json()).toMatchObject({
      description: 'Duplicate bill. Invoice 4411 came twice.',
      presetPayableNote: PresetPayableNote.values.DuplicateBill,
      presetAuditNote: null,
    });
    const audit = await add({
      shipmentId: 501,
      activityType: T.Audit,
      presetAuditNote: PresetAuditType.values.EDI,
      presetPayableNote: 3,
      description: '',
    });
    expect(audit.json()).toMatchObject({ description: 'EDI.', presetAuditNote: 3, presetPayableNote: null });
    // Other types carry no preset: cleared, the text stays the user's.
    const general = await add({
      shipmentId: 501,
      activityType: T.General,
      presetPayableNote: 4,
      description: 'Plain',
    });
    expect(general.json()).toMatchObject({ description: 'Plain', presetPayableNote: null });
  });

  it('refuses what it cannot store, field by field, writing nothing', async () => {
    const before = await entryCount(501);
    const res = await add({
      shipmentId: 501,
      activityType: T.StatusChange,
      accessLevel: A.Admin,
      description: ' ',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual([
      'model.accessLevel',
      'model.activityType',
      'model.description',
    ]);
    expect(body.errors['model.description']).toEqual(['description is required.']);
    expect(body.errors['model.accessLevel']).toEqual([
      'Only IT support admins can use the Admin access level.',
    ]);
    expect((await add({ shipmentId: 501, description: 'x', colour: 'red' })).statusCode).toBe(400);
    expect(
      (
        await add({ shipmentId: 501, description: 'x', activityType: T.Payable, presetPayableNote: 99 })
      ).json().errors['model.presetPayableNote'],
    ).toHaveLength(1);
    expect(await entryCount(501)).toBe(before);
  });

  it('lets customers read but not write; another broker’s or customer’s shipment is not found', async () => {
    expect((await add({ shipmentId: 501, description: 'from the customer' }, shipper)).statusCode).toBe(403);
    expect((await add({ shipmentId: 504, description: 'elsewhere' })).statusCode).toBe(404);
    expect((await get('/api/activitylog?shipmentId=502', shipper)).status).toBe(404);
    expect((await get('/api/activitylog?shipmentId=501', otherBroker)).status).toBe(404);
    expect((await get('/api/activitylog?shipmentId=999999')).status).toBe(404);
    expect((await get('/api/activitylog?shipmentId=501')).status).toBe(200);
  });
});

describe('who sees what (issue 5 item 5)', () => {
  let publicId: number;
  let adminId: number;

  beforeAll(async () => {
    publicId = (
      await add({ shipmentId: 503, description: 'Pickup moved to 10:00.', accessLevel: A.Public })
    ).json().id;
    await add({ shipmentId: 503, description: 'Carrier rate negotiated down.', accessLevel: A.Private });
    adminId = (
      await add({ shipmentId: 503, description: 'Margin override.', accessLevel: A.Admin }, admin)
    ).json().id;
  });

  it('customers see Public entries only; staff Public and Private; IT support admins Admin too', async () => {
    const levels = (entries: Activity[]) => new Set(entries.map((e) => e.accessLevel));
    expect(levels(await log(503, '', shipper))).toEqual(new Set([A.Public]));
    expect(levels(await log(503, '', ops))).toEqual(new Set([A.Public, A.Private]));
    expect(levels(await log(503, '', admin))).toEqual(new Set([A.Public, A.Private, A.Admin]));
    // Another customer of the broker: the shipment is not there for it.
    expect((await get('/api/activitylog?shipmentId=503', buyer)).status).toBe(404);
  });

  it('cycles Public → Private → Admin through the server, Admin for IT support admins only', async () => {
    const toPrivate = await setLevel(publicId, A.Private, admin);
    expect(toPrivate.json()).toMatchObject({ id: publicId, accessLevel: A.Private });
    expect((await setLevel(publicId, A.Admin, ops)).statusCode).toBe(400);
    expect((await setLevel(publicId, A.Admin, admin)).json().accessLevel).toBe(A.Admin);
    // Now Admin: not there for plain staff or the customer.
    expect((await setLevel(publicId, A.Public, ops)).statusCode).toBe(404);
    expect((await log(503, '', shipper)).some((e) => e.id === publicId)).toBe(false);
    expect((await setLevel(publicId, A.Public, admin)).json().accessLevel).toBe(A.Public);
    expect((await log(503, '', shipper)).some((e) => e.id === publicId)).toBe(true);
    expect((await setLevel(adminId, A.Public, shipper)).statusCode).toBe(403);
    expect((await setLevel(publicId, 3, admin)).statusCode).toBe(400);
  });

  it('pins and unpins; pinned only filters; a customer cannot pin', async () => {
    const pinned = await pin(publicId, 503, true);
    expect(pinned.json()).toMatchObject({ id: publicId, pinned: true });
    expect((await log(503, '&pinnedOnly=true')).map((e) => e.id)).toEqual([publicId]);
    expect((await pin(publicId, 503, false)).json().pinned).toBe(false);
    expect(await log(503, '&pinnedOnly=true')).toHaveLength(0);
    expect((await pin(publicId, 503, true, shipper)).statusCode).toBe(403);
    expect((await pin(publicId, 501, true)).statusCode).toBe(404);
  });

  it('filters by type, System Note and non-system notes (000 §4)', async () => {
    await s.deliver(
      subjects.shipmentNoteAdded,
      noteAdded(503, {
        description: 'Electronic dispatch accepted.',
        createdBy: { userId: 'usr_system', name: 'System' },
      }),
    );
    const system = await log(503, '&systemNotes=true');
    expect(system.map((e) => e.description)).toEqual(['Electronic dispatch accepted.']);
    const nonSystem = await log(503, '&nonSystemOnly=true');
    expect(nonSystem.length).toBeGreaterThan(0);
    expect(nonSystem.every((e) => !e.userName.startsWith('System'))).toBe(true);
    const general = await log(503, `&activityType=${T.General}`);
    expect(general.length).toBeGreaterThan(0);
    expect(general.every((e) => e.activityType === T.General)).toBe(true);
    expect((await log(503, `&activityType=${T.All}`)).length).toBe((await log(503)).length);
  });
});

describe('the latest 50 first, then the remaining (000 §4, §9)', () => {
  it('answers the newest 50, then the rest from index 50', async () => {
    const base = Date.parse('2026-10-01T12:00:00Z');
    await s.t.runtime.db
      .insertInto('shipment_activity')
      .values(
        Array.from({ length: 62 }, (_, i) => ({
          shipment_id: 502,
          broker_id: 'org_demo_broker',
          activity_type: T.Operations,
          access_level: A.Public,
          description: `Check call ${i + 1}`,
          user_name: 'Omar Operations',
          created_at: new Date(base + i * 60_000),
        })) as never,
      )
      .execute();
    const first = await log(502);
    expect(first).toHaveLength(50);
    expect(first[0]!.createdDate >= first[49]!.createdDate).toBe(true);
    const rest = await log(502, '&startIndex=50&getRemaining=true');
    const all = (await get('/api/activitylog?shipmentId=502&recordCount=500')).body as Activity[];
    expect(rest.map((e) => e.id)).toEqual(all.slice(50).map((e) => e.id));
    expect(first.length + rest.length).toBe(all.length);
  });
});

describe('the edit-status modal’s operation notes', () => {
  it('lists the Operations and Status Change entries, newest first', async () => {
    const { body } = await get('/api/ShipmentUpdateStatus/getOperationNotes/501');
    const entries = body as Activity[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.activityType === T.Operations || e.activityType === T.StatusChange)).toBe(
      true,
    );
    expect(entries.some((e) => e.activityType === T.StatusChange)).toBe(true);
    expect((await get('/api/ShipmentUpdateStatus/getOperationNotes/502', shipper)).status).toBe(404);
  });
});

describe('the nightly archive (000 §4)', () => {
  it('moves the log of a shipment delivered over a year ago; archived entries load on demand, marked archived', async () => {
    const delivered = shipmentUpdated({
      shipmentId: 601,
      status: S.Delivered,
      version: 3,
      stops: [
        {
          stopId: 'stp_601',
          sequence: 1,
          stopType: 'LastDrop',
          companyName: null,
          streetAddress: null,
          streetAddressTwo: null,
          city: null,
          state: null,
          zipCode: null,
          country: null,
          scheduledReadyDateTime: null,
          scheduledCloseDateTime: null,
          appointmentReadyDateTime: null,
          appointmentEndDateTime: null,
          actualArrivalDateTime: '2025-09-10T14:00:00',
          actualDepartureDateTime: null,
        },
      ],
    });
    await s.deliver(subjects.shipmentUpdated, delivered);
    await s.deliver(
      subjects.shipmentUpdated,
      shipmentUpdated({ shipmentId: 602, status: S.Delivered, version: 2 }),
    );
    const kept = (
      await add({ shipmentId: 602, description: 'Delivered last week.', accessLevel: A.Public })
    ).json();
    const old = (await add({ shipmentId: 601, description: 'POD filed.', accessLevel: A.Public })).json();
    await add({ shipmentId: 601, description: 'Rate confirmation filed.' });

    const now = new Date('2026-11-23T03:15:00Z');
    expect(await archiveDelivered(s.t.deps, now)).toEqual({ shipments: 1, entries: 2 });
    expect(await log(601)).toHaveLength(0);
    expect((await log(602)).map((e) => e.id)).toContain(kept.id);
    const archived = (await get('/api/shipmentActivityLogArchive/601')).body as Activity[];
    expect(archived).toHaveLength(2);
    expect(archived.every((e) => e.isArchived)).toBe(true);
    expect((await get('/api/shipmentActivityLogArchive/601', shipper)).body).toHaveLength(1);
    expect((await get('/api/shipmentActivityLogArchive/601', buyer)).status).toBe(404);
    // Archived entries are kept as they were; a second run moves nothing.
    expect((await setLevel(old.id, A.Private)).statusCode).toBe(409);
    expect(await archiveDelivered(s.t.deps, now)).toEqual({ shipments: 0, entries: 0 });
  });
});

describe('pushing a consolidation parent’s activity to its children (000 §4)', () => {
  it('copies each parent entry to each child once; pushing again adds nothing', async () => {
    await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 701, version: 1 }));
    await s.deliver(
      subjects.shipmentUpdated,
      shipmentUpdated({ shipmentId: 702, consolidationParentId: 701 }),
    );
    await s.deliver(
      subjects.shipmentUpdated,
      shipmentUpdated({ shipmentId: 703, consolidationParentId: 701, customerOrganizationId: globex }),
    );
    await add({
      shipmentId: 701,
      description: 'Consolidated at the Chicago cross-dock.',
      accessLevel: A.Public,
    });
    await add({ shipmentId: 701, description: 'Linehaul booked.', pinned: true });
    const first = await get('/api/consolidation/activity/701');
    expect(first.body).toEqual({ parentShipmentId: 701, childShipmentIds: [702, 703], pushedCount: 4 });
    const again = await get('/api/consolidation/activity/701');
    expect(again.body.pushedCount).toBe(0);
    const child = await log(703);
    expect(child.map((e) => e.description).sort()).toEqual([
      'Consolidated at the Chicago cross-dock.',
      'Linehaul booked.',
    ]);
    expect(child.every((e) => e.pushedFromShipmentId === 701 && !e.pinned)).toBe(true);
    // Acme's child (the parent's own customer) keeps the Public level: Acme's shipper reads it there.
    expect((await log(702, '', shipper)).map((e) => e.description)).toEqual([
      'Consolidated at the Chicago cross-dock.',
    ]);
    // Globex's child gets Acme's notes as Private (decision 0025): staff read them, Globex's buyer does not.
    expect(child.map((e) => e.accessLevel)).toEqual([A.Private, A.Private]);
    expect(await log(703, '', buyer)).toEqual([]);
    expect((await get('/api/ShipmentUpdateStatus/getOperationNotes/703', buyer)).body).not.toContainEqual(
      expect.objectContaining({ description: 'Consolidated at the Chicago cross-dock.' }),
    );
    const notParent = await get('/api/consolidation/activity/702');
    expect(notParent.status).toBe(400);
    expect(notParent.body.errors['model.shipmentId'][0]).toMatch(/not the parent of a consolidation/);
    expect((await get('/api/consolidation/activity/701', shipper)).status).toBe(403);
  });
});

describe('who may use Admin on which log', () => {
  it('AR revisions is not IT support admin on the shipment log', async () => {
    const res = await add({ shipmentId: 501, description: 'x', accessLevel: A.Admin }, accountant);
    expect(res.statusCode).toBe(400);
  });
});
