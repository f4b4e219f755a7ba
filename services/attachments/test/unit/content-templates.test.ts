// The rules of content templates and email suggestions (decisions 0075, 0076), without servers.
import { StaffPermission } from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import {
  blankTemplateFields,
  canEditTemplates,
  defaultMasterTemplates,
  fillPlaceholders,
  fillTemplate,
  isContentTemplateType,
  isCustomEmailSlot,
  PlaceholderSets,
  placeholderSetOf,
  placeholdersOf,
  shipmentTemplateValues,
  templateValuesFor,
  unwrittenTemplatePlaceholders,
} from '../../src/domain/content-templates.ts';
import { isMachineSender, suggestShipment, suggestType } from '../../src/domain/email-suggestion.ts';
import { demoTrackingTemplate } from '../../src/domain/tracking-requests.ts';

describe('content templates', () => {
  it('knows the types 0 to 355 and the custom email templates 0 to 9', () => {
    expect([0, 317, 355].every(isContentTemplateType)).toBe(true);
    expect([-1, 356, 1.5].some(isContentTemplateType)).toBe(false);
    expect([0, 9].every(isCustomEmailSlot)).toBe(true);
    expect([-1, 10].some(isCustomEmailSlot)).toBe(false);
  });

  it('lets TMS Site Admin and IT Support Admin edit, no one else', () => {
    expect(canEditTemplates(StaffPermission.combine('TMSSiteAdmin'))).toBe(true);
    expect(canEditTemplates(StaffPermission.combine('ITSupportAdmin'))).toBe(true);
    expect(canEditTemplates(StaffPermission.combine('UserAllowedOrgAccess', 'ReportsBasic'))).toBe(false);
    expect(canEditTemplates(0)).toBe(false);
  });

  it("keeps the tracking request's template as the default master of type 317", () => {
    expect(defaultMasterTemplates[317]).toBe(demoTrackingTemplate);
    expect(defaultMasterTemplates[318]).toBeUndefined();
  });

  it('names each blank field once', () => {
    expect(blankTemplateFields({ name: '', subject: ' ', body: '' }).map((p) => p.field)).toEqual([
      'name',
      'subject',
      'body',
    ]);
    expect(blankTemplateFields({ subject: 'S', body: '\n' })).toEqual([
      { field: 'body', message: 'Enter a body.' },
    ]);
    expect(blankTemplateFields({ subject: 'S', body: 'B' })).toEqual([]);
  });

  it('fills each type with the placeholders it names, from one table', () => {
    expect(placeholdersOf(317)).toEqual(['carrierName', 'shipmentIds', 'shipments', 'senderName']);
    expect(placeholdersOf(313)).toEqual([...PlaceholderSets.shipment]);
    // a type without a default master is filled as one written from nothing (the 404's placeholders)
    for (let type = 0; type <= 355; type++)
      if (!defaultMasterTemplates[type])
        expect(placeholdersOf(type)).toEqual(unwrittenTemplatePlaceholders());
    // the values the filling gives are the placeholders named, no more and no fewer
    const extra = { statusName: 'Booked', carrierName: 'Alpha', senderName: 'Olivia Ops' };
    for (const type of [313, 317]) {
      const values = templateValuesFor(placeholderSetOf(type), 10001, {}, extra);
      expect(Object.keys(values).sort()).toEqual([...placeholdersOf(type)].sort());
    }
    // every placeholder a default master uses is one its type names
    for (const [type, master] of Object.entries(defaultMasterTemplates)) {
      const used = [...`${master!.subject}${master!.body}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      for (const name of used) expect(placeholdersOf(Number(type))).toContain(name);
    }
  });

  it('fills placeholders it has values for and leaves the others as written', () => {
    expect(
      fillPlaceholders('Hi {{ carrierName }}, {{unknown}} {{carrierName}}', { carrierName: 'Alpha' }),
    ).toBe('Hi Alpha, {{unknown}} Alpha');
    // a value is put in as it is: a value holding a placeholder is not filled again
    expect(fillPlaceholders('{{a}}', { a: '{{b}}', b: 'x' })).toBe('{{b}}');
    expect(
      fillTemplate({ subject: `${'x'.repeat(490)}{{a}}`, body: '{{a}}' }, { a: 'y'.repeat(20) }).subject,
    ).toHaveLength(500);
  });

  it("takes a shipment's values: first and last stop, the last carrier's PRO, the references", () => {
    const values = shipmentTemplateValues(
      10001,
      {
        stops: [
          {
            sequence: 2,
            city: 'Dallas',
            state: 'TX',
            zipCode: '75201',
            scheduledReadyDateTime: '2026-11-25T08:00:00',
          },
          {
            sequence: 1,
            city: 'Joliet',
            state: 'IL',
            zipCode: null,
            scheduledReadyDateTime: '2026-11-23T09:00:00',
          },
        ] as never,
        transitLegs: [{ sequence: 1, transitLegId: 'leg1', carrierMasterId: 'cm1' }] as never,
        referenceNumbers: [
          { referenceTypeCode: 'PRO', value: 'P-77', transitLegId: 'leg1' },
          { referenceTypeCode: 'PO', value: 'PO-1', transitLegId: null },
        ] as never,
      },
      { statusName: 'In Transit', carrierName: 'Alpha Freight', senderName: 'Olivia Ops' },
    );
    expect(values).toMatchObject({
      shipmentId: '10001',
      origin: 'Joliet, IL',
      destination: 'Dallas, TX 75201',
      pickupDate: '2026-11-23',
      deliveryDate: '2026-11-25',
      carrierName: 'Alpha Freight',
      referenceNumbers: 'P-77, PO-1',
      status: 'In Transit',
    });
    const filled = fillTemplate(defaultMasterTemplates[313]!, values);
    expect(filled.body).toContain('Shipment 10001 (Joliet, IL to Dallas, TX 75201) is In Transit.');
    expect(filled.body).toContain('Olivia Ops');
  });
});

describe('email suggestions', () => {
  const email = {
    subject: 'Load 10001',
    body: 'Where is it?',
    fromAddress: 'jane@acme.test',
    fileCount: 0,
    isReply: false,
  };
  it('suggests Reply for an answer to mail Loadline sent, before anything else', () => {
    expect(suggestType({ ...email, subject: 'Re: quote', isReply: true }).emailAutomationType).toBe('Reply');
  });
  it('suggests Other for mail no person wrote', () => {
    expect(suggestType({ ...email, fromAddress: 'MAILER-DAEMON@mx.test' }).emailAutomationType).toBe('Other');
    expect(suggestType({ ...email, fromAddress: 'no-reply@carrier.test' }).emailAutomationType).toBe('Other');
    expect(suggestType({ ...email, subject: 'Automatic reply: Load 10001' }).emailAutomationType).toBe(
      'Other',
    );
    expect(suggestType({ ...email, subject: 'Out of Office until Monday' }).emailAutomationType).toBe(
      'Other',
    );
    // a person whose name starts like a machine's is a person
    expect(suggestType({ ...email, fromAddress: 'noreen@acme.test' }).emailAutomationType).toBe('Operations');
  });
  it('suggests Quote, then Attachment, then Operations', () => {
    expect(suggestType({ ...email, subject: 'Quote for 20 pallets', fileCount: 1 }).emailAutomationType).toBe(
      'Quote',
    );
    expect(suggestType({ ...email, fileCount: 2 }).emailAutomationType).toBe('Attachment');
    expect(suggestType(email)).toEqual({
      emailAutomationType: 'Operations',
      reason: 'It is about a load and carries no files.',
    });
  });
});

describe('the shipment suggested for an email', () => {
  const none = { named: null, askedAbout: [], lastFiledFromSender: null };
  it('takes the shipment the email names before any other', () => {
    expect(
      suggestShipment('dispatch@carrier.test', {
        named: 10005,
        askedAbout: [10026],
        lastFiledFromSender: 10021,
      }),
    ).toEqual({ shipmentId: 10005, shipmentReason: 'It names shipment 10005.' });
  });
  it('then the one tracking status request a reply answers, and no guess among several', () => {
    expect(suggestShipment('dispatch@carrier.test', { ...none, askedAbout: [10026] })).toEqual({
      shipmentId: 10026,
      shipmentReason: 'It answers the tracking status request about shipment 10026.',
    });
    expect(
      suggestShipment('dispatch@carrier.test', { ...none, askedAbout: [10026, 10005] }).shipmentId,
    ).toBeNull();
  });
  it("then the sender rule: the shipment of the sender's last filed mail", () => {
    expect(suggestShipment(' Dispatch@Carrier.test ', { ...none, lastFiledFromSender: 10021 })).toEqual({
      shipmentId: 10021,
      shipmentReason: 'The last email from Dispatch@Carrier.test was filed on shipment 10021.',
    });
    // a reply about several requested shipments still falls back on the sender
    expect(
      suggestShipment('dispatch@carrier.test', { ...none, askedAbout: [1, 2], lastFiledFromSender: 10021 })
        .shipmentId,
    ).toBe(10021);
  });
  it('never follows a machine sender, nor an email without a sender', () => {
    for (const from of ['no-reply@loadboard.test', 'MAILER-DAEMON@mx.test', 'bounces+x@list.test', '  ']) {
      expect(suggestShipment(from, { ...none, lastFiledFromSender: 10021 })).toEqual({
        shipmentId: null,
        shipmentReason: 'It names none of your shipments.',
      });
    }
    expect(isMachineSender('noreen@acme.test')).toBe(false);
  });
});
