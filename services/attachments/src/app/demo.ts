// Demo data: a BOL and a POD on every delivered demo shipment (contracts/demo/shipments.ts, `delivered`),
// as the scanned paperwork a carrier sends back: the BOL Public, the POD Public on half of them and
// Private on the other half (each customer has both), so both access levels show. Inserted by fixed ids and only when missing:
// seeding twice changes nothing, and a restart does not bring back a demo file someone deleted.
import { AccessLevel, AttachmentType } from '@loadline/contracts/catalogue';
import { demoBroker, demoCustomers, demoUsers } from '@loadline/contracts/demo';
import { type DemoShipmentPlan, demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import type { ServiceRuntime } from '@loadline/platform';
import { renderPdf } from '../adapters/pdf.ts';
import type { BlobStore } from '../adapters/storage/blob-store.ts';
import { stageBuffer } from '../adapters/storage/staging.ts';
import { bolTerms } from '../domain/document-content.ts';
import type { DocumentContent } from '../domain/documents.ts';
import { demoTrackingTemplate, TRACKING_TEMPLATE_TYPE } from '../domain/tracking-requests.ts';
import { attachmentExists } from '../store/attachments.ts';
import type { AttachmentsTables } from '../store/tables.ts';
import { ensureTemplate } from '../store/tracking-requests.ts';
import { commitUpload } from './commit-upload.ts';

const ops = demoUsers.find((u) => u.userId === 'usr_demo_ops')!;

const placeLines = (p: DemoShipmentPlan['origin']) => [
  p.companyName,
  p.streetAddress,
  `${p.city}, ${p.state} ${p.zipCode}`,
];

function bolOf(plan: DemoShipmentPlan, customer: string): DocumentContent {
  return {
    title: 'Straight Bill of Lading',
    subtitle: `Not negotiable · Shipment ${plan.shipmentId} · picked up ${plan.pickupDate}`,
    blocks: [
      {
        kind: 'fields',
        heading: 'Bill of lading',
        columns: 2,
        rows: [
          ['BOL number', String(plan.shipmentId)],
          ['Pickup date', plan.pickupDate],
          ['Carrier', plan.carrier?.carrierMasterName ?? '—'],
          ['SCAC', plan.carrier?.scac ?? '—'],
          ['Pro number', plan.proNumber ?? '—'],
          ['Driver', plan.driver?.name ?? '—'],
        ],
      },
      {
        kind: 'boxes',
        heading: 'Parties',
        boxes: [
          { heading: 'Ship from (shipper)', lines: placeLines(plan.origin) },
          { heading: 'Ship to (consignee)', lines: placeLines(plan.destination) },
          { heading: 'Bill to (freight charges)', lines: [demoBroker.name] },
        ],
      },
      { kind: 'fields', heading: 'Reference numbers', rows: [['Customer', customer]] },
      { kind: 'text', heading: 'Terms and conditions', paragraphs: [...bolTerms] },
      {
        kind: 'signatures',
        heading: 'Signatures',
        parties: [
          { party: 'Shipper', lines: [{ label: 'Shipper signature', value: 'signed' }] },
          {
            party: 'Carrier',
            lines: [
              { label: 'Carrier signature', value: plan.driver?.name ?? 'signed' },
              { label: 'Pickup date', value: plan.pickupDate },
            ],
          },
          { party: 'Consignee', lines: [{ label: 'Consignee signature', value: 'R. Receiver' }] },
        ],
      },
    ],
    footer: `Arranged by ${demoBroker.name}. Received in apparent good order.`,
  };
}

function podOf(plan: DemoShipmentPlan, customer: string): DocumentContent {
  return {
    title: 'Proof of Delivery',
    subtitle: `Shipment ${plan.shipmentId} · delivered ${plan.deliveryDate}`,
    blocks: [
      {
        kind: 'fields',
        heading: 'Delivered to',
        rows: [
          ['Address', placeLines(plan.destination).join('\n')],
          ['Delivered', `${plan.deliveryDate} 09:00`],
        ],
      },
      {
        kind: 'fields',
        heading: 'Freight',
        rows: [
          ['Customer', customer],
          ['Pro number', plan.proNumber ?? '—'],
          ['Condition', 'Received in good order, no exceptions'],
        ],
      },
      {
        kind: 'signatures',
        heading: 'Received by',
        parties: [{ party: 'Consignee', lines: [{ label: 'Consignee signature', value: 'R. Receiver' }] }],
      },
    ],
    footer: 'Received by: R. Receiver (signed)',
  };
}

export async function seedDemoData(
  runtime: ServiceRuntime<AttachmentsTables>,
  today: string = new Date().toISOString().slice(0, 10),
  store: BlobStore,
): Promise<void> {
  // The demo broker's tracking status request template (002 §3.10 type 317, decision 0072).
  await ensureTemplate(runtime.db, demoBroker.organizationId, TRACKING_TEMPLATE_TYPE, demoTrackingTemplate);
  for (const [k, plan] of demoShipmentPlans(today)
    .filter((p) => p.delivered)
    .entries()) {
    const customer = demoCustomers.find((c) => c.organizationId === plan.customerOrganizationId)?.name ?? '';
    const files = [
      {
        id: `att_demo_${plan.shipmentId}_bol`,
        type: 'BOL' as const,
        fileName: `BOL-${plan.shipmentId}.pdf`,
        content: bolOf(plan, customer),
        access: AccessLevel.values.Public,
      },
      {
        id: `att_demo_${plan.shipmentId}_pod`,
        type: 'POD' as const,
        fileName: `POD-${plan.shipmentId}.pdf`,
        content: podOf(plan, customer),
        // Public on two delivered shipments, Private on the next two, and so on: each customer has both.
        access: Math.floor(k / 2) % 2 === 0 ? AccessLevel.values.Public : AccessLevel.values.Private,
      },
    ];
    for (const file of files) {
      if (await attachmentExists(runtime.db, file.id)) continue;
      // A fixed creation date, so the same plan makes the same bytes (one blob however often it runs).
      const bytes = await renderPdf(file.content, {
        author: demoBroker.name,
        createdAt: new Date(`${plan.deliveryDate}T12:00:00Z`),
      });
      const staged = await stageBuffer(bytes, store.stagingDir);
      await commitUpload(runtime, store, staged, {
        attachmentId: file.id,
        brokerId: demoBroker.organizationId,
        sourceType: 'shipment',
        sourceId: String(plan.shipmentId),
        sourceIds: { shipmentId: String(plan.shipmentId) },
        shipmentId: plan.shipmentId,
        customerOrganizationId: plan.customerOrganizationId,
        attachmentType: AttachmentType.values[file.type],
        attachmentTypeCode: file.type,
        accessLevel: file.access as 0 | 1,
        fileName: file.fileName,
        title: null,
        contentType: 'application/pdf',
        uploadedBy: { userId: ops.userId, name: `${ops.firstName} ${ops.lastName}` },
      }).catch(async (error: { code?: string }) => {
        // Two seeders at once (replicas starting together): the other one inserted it.
        if (error.code !== '23505') throw error;
      });
    }
  }
}
