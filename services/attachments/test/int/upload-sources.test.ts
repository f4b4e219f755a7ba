// Files of the broker's own records (decision 0041): an upload to a broker carrier, an insurance
// certificate, a tariff, an organization or a marketplace organization is checked against the service that
// owns the record (the carriers service's events, the directory's), with two brokers and two roles. Another
// broker's record answers 404 as one that does not exist, and nothing is stored; a role that may not edit
// the record answers 403; the broker's own records still take files.
import { addCalendarDays, StaffPermission } from '@loadline/contracts/catalogue';
import { eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBrokerCarrier } from '../../../carriers/src/store/carriers.ts';
import { saveInsurance } from '../../../carriers/src/store/insurance.ts';
import {
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
  upload,
} from './fixtures.ts';

let s: Service;
const today = new Date().toISOString().slice(0, 10);

// The demo broker's staff: one who may edit carriers, one who may not (ops); the rival broker's editor.
const editor = { ...ops, permissions: StaffPermission.combine('UserAllowedOrgAccess', 'LSPCarrierAddEdit') };
const rivalEditor = {
  ...rival,
  permissions: StaffPermission.combine('UserAllowedOrgAccess', 'LSPCarrierAddEdit', 'TariffAddEdit'),
};
const file = () => ({ name: 'certificate.pdf', bytes: pdfBytes(`file ${Math.random()}`) });

// The rival broker's carrier and certificate, made in the carriers service and published as it does.
const rivalCarrier = 'bcr_rival_oldline';
let rivalInsurance: string;

beforeAll(async () => {
  s = await startService({ carriers: true });
  const carriers = s.carriers!;
  rivalInsurance = await carriers.runtime.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('broker_carrier')
      .values({
        broker_carrier_id: rivalCarrier,
        broker_id: rival.brokerId,
        carrier_master_id: 'car_demo_oldline',
        status: 1,
        inherited: false,
        favorite: false,
        portal_link: null,
        insurance_status: 'NotOnFile',
        in_compliance: false,
        version: 1,
      })
      .execute();
    await publishBrokerCarrier(carriers.runtime, trx, rivalCarrier, today, {}, null, { created: true });
    const saved = await saveInsurance(
      carriers.runtime,
      trx,
      rivalCarrier,
      {
        insuranceType: 'Cargo',
        insurerName: 'Rival Mutual',
        policyNumber: 'RM-1',
        coverageAmount: 100000,
        expirationDate: addCalendarDays(today, 200),
      },
      today,
      { userId: rival.userId, name: rival.displayName },
    );
    if ('notFound' in saved) throw new Error('the rival carrier was not saved');
    return saved.brokerCarrierInsuranceId;
  });
  await eventually(async () =>
    (await s.t.runtime.db
      .selectFrom('carrier_insurance_view')
      .select('broker_id')
      .where('broker_carrier_insurance_id', '=', rivalInsurance)
      .executeTakeFirst())
      ? true
      : undefined,
  );
}, 180_000);
afterAll(async () => {
  await s?.close();
});

/** What the service holds: attachment rows, attachment.added events, files in the store and staging. */
async function stored() {
  const rows = await s.t.runtime.db
    .selectFrom('attachment')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const added = (await outbox(s.t)).filter((r) => r.subject === 'tms.attachments.attachment.added.v1');
  return { rows: Number(rows.n), added: added.length, files: (await filesUnder(s.dataDir)).length };
}

/** Each refused upload answers `status` with `message`, and nothing is stored. */
async function refused(
  calls: [caller: typeof ops, fields: Record<string, string>, status: number, message: string][],
) {
  const before = await stored();
  for (const [caller, fields, status, message] of calls) {
    const answer = await upload(s, caller, fields, file());
    expect({ fields, status: answer.status, message: answer.body.message }).toEqual({
      fields,
      status,
      message,
    });
  }
  expect(await stored()).toEqual(before);
}

describe('broker carriers', () => {
  it("refuses another broker's carrier with 404 both ways, and a carrier that does not exist", async () => {
    await refused([
      [rivalEditor, { carrierId: 'bcr_demo_oldline' }, 404, 'Broker carrier bcr_demo_oldline was not found.'],
      [editor, { carrierId: rivalCarrier }, 404, `Broker carrier ${rivalCarrier} was not found.`],
      [
        editor,
        { sourceType: 'brokercarrier', carrierId: rivalCarrier, carrierMasterId: 'car_demo_oldline' },
        404,
        `Broker carrier ${rivalCarrier} was not found.`,
      ],
      [editor, { carrierId: 'bcr_nowhere' }, 404, 'Broker carrier bcr_nowhere was not found.'],
      // the carrier master named must be the broker carrier's
      [
        editor,
        { carrierId: 'bcr_demo_oldline', carrierMasterId: 'car_demo_prairie' },
        404,
        'Broker carrier bcr_demo_oldline was not found.',
      ],
    ]);
  });

  it('needs LSP Carrier Add/Edit (403 before any lookup); customers attach to their shipments only', async () => {
    await refused([
      [
        ops,
        { carrierId: 'bcr_demo_oldline' },
        403,
        "You do not have permission to edit your broker's carriers.",
      ],
      [ops, { carrierId: rivalCarrier }, 403, "You do not have permission to edit your broker's carriers."],
      [shipper, { carrierId: 'bcr_demo_oldline' }, 403, 'You can attach files to your own shipments only.'],
    ]);
  });

  it("takes files on the broker's own carrier (type 2, Private), listed to its staff only", async () => {
    const own = await upload(
      s,
      editor,
      { carrierId: 'bcr_demo_oldline', carrierMasterId: 'car_demo_oldline' },
      { name: 'packet.pdf', bytes: pdfBytes('packet') },
    );
    expect(own.status).toBe(201);
    // 000 §3: the carrier's upload type is 2; 000 §5: Private by default.
    expect(own.body).toMatchObject({
      sourceType: 'brokercarrier',
      sourceId: 'bcr_demo_oldline',
      attachmentType: 2,
      attachmentTypeCode: null,
      accessLevel: 1,
    });
    const theirs = await upload(s, rivalEditor, { carrierId: rivalCarrier }, file());
    expect(theirs.status).toBe(201);

    // Reading needs only to be the broker's staff; another broker's carrier is 404 as a missing one.
    const list = await get(s, ops, '/api/files/getattachments/bcr_demo_oldline/brokercarrier');
    expect(list.status).toBe(200);
    expect((await list.json()).map((a: { attachmentId: string }) => a.attachmentId)).toEqual([
      own.body.attachmentId,
    ]);
    expect((await get(s, rival, '/api/files/getattachments/bcr_demo_oldline/brokercarrier')).status).toBe(
      404,
    );
    expect((await get(s, ops, `/api/files/getattachments/${rivalCarrier}/brokercarrier`)).status).toBe(404);
    expect((await get(s, shipper, '/api/files/getattachments/bcr_demo_oldline/brokercarrier')).status).toBe(
      404,
    );
    expect((await get(s, rival, '/Files/Download?s=bcr_demo_oldline&t=2&z=brokercarrier')).status).toBe(404);
    expect((await get(s, ops, '/Files/Download?s=bcr_demo_oldline&t=2&z=brokercarrier')).status).toBe(200);
  });

  it("deleting or re-levelling a carrier's file needs the same right", async () => {
    const { attachmentId } = (await upload(s, editor, { carrierId: 'bcr_demo_prairie' }, file())).body as {
      attachmentId: string;
    };
    const level = `/api/files/changeAttachmentAccessLevel/bcr_demo_prairie/${attachmentId}/0`;
    const remove = `/api/files/deletedocument/brokercarrier/bcr_demo_prairie/${attachmentId}`;
    expect(await send(s, ops, 'POST', level)).toMatchObject({
      status: 403,
      body: { message: "You do not have permission to edit your broker's carriers." },
    });
    expect((await send(s, ops, 'DELETE', remove)).status).toBe(403);
    expect((await send(s, rivalEditor, 'POST', level)).status).toBe(404);
    expect((await send(s, rivalEditor, 'DELETE', remove)).status).toBe(404);
    expect((await send(s, editor, 'POST', level)).body).toMatchObject({ accessLevel: 0 });
    expect((await send(s, editor, 'DELETE', remove)).body).toMatchObject({ deleted: true });
  });
});

describe('insurance certificates', () => {
  it("refuses another broker's certificate with 404 both ways, and one named with another carrier", async () => {
    await refused([
      [
        rivalEditor,
        { brokerCarrierInsuranceId: 'ins_demo_oldline_auto' },
        404,
        'Insurance ins_demo_oldline_auto was not found.',
      ],
      [
        rivalEditor,
        { brokerCarrierInsuranceId: 'ins_demo_oldline_auto', carrierId: rivalCarrier },
        404,
        `Insurance ins_demo_oldline_auto of broker carrier ${rivalCarrier} was not found.`,
      ],
      [
        editor,
        { brokerCarrierInsuranceId: rivalInsurance },
        404,
        `Insurance ${rivalInsurance} was not found.`,
      ],
      [
        editor,
        { brokerCarrierInsuranceId: 'ins_demo_oldline_auto', carrierId: 'bcr_demo_prairie' },
        404,
        'Insurance ins_demo_oldline_auto of broker carrier bcr_demo_prairie was not found.',
      ],
      [
        ops,
        { brokerCarrierInsuranceId: 'ins_demo_oldline_auto' },
        403,
        "You do not have permission to edit your broker's carriers.",
      ],
    ]);
  });

  it("takes files on the broker's own certificates (type 9, Public)", async () => {
    const own = await upload(
      s,
      editor,
      { brokerCarrierInsuranceId: 'ins_demo_oldline_auto', carrierId: 'bcr_demo_oldline' },
      file(),
    );
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      sourceType: 'brokercarrierinsurance',
      sourceId: 'ins_demo_oldline_auto',
      attachmentType: 9,
      accessLevel: 0,
    });
    expect((await upload(s, rivalEditor, { brokerCarrierInsuranceId: rivalInsurance }, file())).status).toBe(
      201,
    );
    expect(
      (await get(s, rival, '/api/files/getattachments/ins_demo_oldline_auto/brokercarrierinsurance')).status,
    ).toBe(404);
  });
});

describe('tariffs, organizations and marketplace organizations', () => {
  it('refuses a tariff: Tariff Add/Edit first, then 404 (no service holds tariffs yet)', async () => {
    await refused([
      [editor, { tariffId: 't1' }, 403, "You do not have permission to edit your broker's tariffs."],
      [rivalEditor, { tariffId: 't1' }, 404, 'Tariff t1 was not found.'],
    ]);
    expect((await get(s, ops, '/api/files/getattachments/t1/tariff')).status).toBe(404);
  });

  it("refuses another broker's organization or marketplace organization with 404", async () => {
    await refused([
      [rival, { organizationId: 'org_demo_acme' }, 404, 'Organization org_demo_acme was not found.'],
      [
        rival,
        { marketplaceOrganizationId: 'org_demo_acme' },
        404,
        'Organization org_demo_acme was not found.',
      ],
      [
        rival,
        { marketplaceOrganizationId: 'org_demo_broker' },
        404,
        'Organization org_demo_broker was not found.',
      ],
      [
        ops,
        { marketplaceOrganizationId: rival.brokerId },
        404,
        `Organization ${rival.brokerId} was not found.`,
      ],
      [
        shipper,
        { marketplaceOrganizationId: 'org_demo_acme' },
        403,
        'You can attach files to your own shipments only.',
      ],
    ]);
    expect(
      (await get(s, rival, '/api/files/getattachments/org_demo_acme/taishippingmarketplace')).status,
    ).toBe(404);
  });

  it("takes files on the broker's own customer as a marketplace organization, from any of its staff", async () => {
    const own = await upload(s, ops, { marketplaceOrganizationId: 'org_demo_globex' }, file());
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      sourceType: 'taishippingmarketplace',
      attachmentType: 20,
      accessLevel: 1,
    });
    const list = await get(s, ops, '/api/files/getattachments/org_demo_globex/taishippingmarketplace');
    expect((await list.json()).map((a: { attachmentId: string }) => a.attachmentId)).toEqual([
      own.body.attachmentId,
    ]);
  });
});
