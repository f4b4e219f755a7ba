// The rules of reading mail and of tracking status requests (decisions 0071, 0072), without servers.
import { MailSendStatus } from '@loadline/contracts/catalogue';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import { describe, expect, it } from 'vitest';
import { uidSet } from '../../src/adapters/mail-reader.ts';
import {
  automationType,
  emailBody,
  messageTokens,
  namedShipment,
  postProcessingOf,
  productMessageIds,
  READ_BATCH_BYTES,
  READ_BATCH_MESSAGES,
  readBatches,
  readsMail,
  repliesOnly,
} from '../../src/domain/inbound-mail.ts';
import { afterFailure } from '../../src/domain/mail-status.ts';
import {
  ownAddress,
  sendsFromOwnMailbox,
  signatureText,
  withSignature,
} from '../../src/domain/own-mailbox.ts';
import { fillTrackingTemplate, placeInReply, splitForTracking } from '../../src/domain/tracking-requests.ts';

const imap = {
  mailbox_type: 2,
  permissions: 2,
  is_authorized: true,
  sealed_password: 'v1.a.b.c',
  incoming_mail_server: '127.0.0.1:1143',
  username: 'ops@demo.test',
};

describe('which mailboxes are read (002 §3.8)', () => {
  it('reads IMAP mailboxes with SendAndRead or SendAndReadReplies, authorized, with credentials', () => {
    expect(readsMail(imap)).toBe(true);
    expect(readsMail({ ...imap, permissions: 3 })).toBe(true);
    expect(readsMail({ ...imap, permissions: 1 })).toBe(false);
    expect(readsMail({ ...imap, mailbox_type: 1 })).toBe(false);
    expect(readsMail({ ...imap, is_authorized: false })).toBe(false);
    expect(readsMail({ ...imap, sealed_password: null })).toBe(false);
    expect(readsMail({ ...imap, incoming_mail_server: null })).toBe(false);
    expect(repliesOnly(3)).toBe(true);
    expect(repliesOnly(2)).toBe(false);
  });

  it('takes the post-processing action, Archive when unknown (001 §3 default)', () => {
    expect(postProcessingOf('MarkAsRead')).toBe('MarkAsRead');
    expect(postProcessingOf('DoNothing')).toBe('DoNothing');
    expect(postProcessingOf('Shred')).toBe('Archive');
  });
});

describe('matching a message to a shipment', () => {
  it('finds the product message ids a reply names', () => {
    expect(productMessageIds('<msg_1@loadline>', ['<x@gmail.com>', '<msg_2@loadline>'])).toEqual([
      'msg_1',
      'msg_2',
    ]);
    expect(productMessageIds(null, ['<x@gmail.com>'])).toEqual([]);
  });

  it('takes words with digits, subject first, each once', () => {
    expect(messageTokens('Re: load 10007 PRO ODFL123456', 'about 10007 and REF-55')).toEqual([
      '10007',
      'odfl123456',
      'ref-55',
    ]);
  });

  it('names the shipment of the first word that is an id, pro or reference number', () => {
    const candidates = [
      { shipmentId: 10002, referenceValues: ['ODFL123456'] },
      { shipmentId: 10007, referenceValues: [] },
    ];
    expect(namedShipment(['odfl123456', '10007'], candidates)).toBe(10002);
    expect(namedShipment(['10007', 'odfl123456'], candidates)).toBe(10007);
    expect(namedShipment(['99999'], candidates)).toBeUndefined();
  });

  it('types it: Reply, Quote, Attachment, else Operations', () => {
    expect(automationType({ isReply: true, subject: 'Quote', fileCount: 1 })).toBe('Reply');
    expect(automationType({ isReply: false, subject: 'Quote request', fileCount: 1 })).toBe('Quote');
    expect(automationType({ isReply: false, subject: 'POD', fileCount: 1 })).toBe('Attachment');
    expect(automationType({ isReply: false, subject: 'Status', fileCount: 0 })).toBe('Operations');
  });

  it('keeps the body within the entry limit, the subject when there is no text', () => {
    expect(emailBody('Subject', '  \n ')).toBe('Subject');
    expect(emailBody('S', 'x'.repeat(ACTIVITY_DESCRIPTION_MAX_LENGTH + 10))).toHaveLength(
      ACTIVITY_DESCRIPTION_MAX_LENGTH,
    );
  });
});

describe('tracking status requests', () => {
  it('splits truckload shipments by their carrier having a tracking email', () => {
    const split = splitForTracking(
      [
        { shipmentId: 1, shipmentType: 4, carrierMasterId: 'a', proNumber: 'P1' },
        { shipmentId: 2, shipmentType: 4, carrierMasterId: 'a', proNumber: null },
        { shipmentId: 3, shipmentType: 4, carrierMasterId: 'b', proNumber: null },
        { shipmentId: 4, shipmentType: 4, carrierMasterId: null, proNumber: null },
        { shipmentId: 5, shipmentType: 2, carrierMasterId: 'a', proNumber: null },
      ],
      [
        { carrierMasterId: 'a', carrierName: 'Alpha', email: 'dispatch@alpha.test' },
        { carrierMasterId: 'b', carrierName: 'Beta', email: null },
      ],
    );
    expect(split.withCarrierEmail).toEqual([
      {
        carrierMasterId: 'a',
        carrierName: 'Alpha',
        email: 'dispatch@alpha.test',
        shipments: [
          { shipmentId: 1, proNumber: 'P1' },
          { shipmentId: 2, proNumber: null },
        ],
      },
    ]);
    expect(split.withoutCarrierEmail.map((s) => s.shipmentId)).toEqual([3, 4]);
    expect(split.notTruckload).toEqual([5]);
  });

  it('fills the template', () => {
    const filled = fillTrackingTemplate(
      { subject: 'Status {{shipmentIds}}', body: 'Hi {{carrierName}}\n{{shipments}}\n{{senderName}}' },
      { carrierName: 'Alpha', senderName: 'Olivia', shipments: [{ shipmentId: 1, proNumber: 'P1' }] },
    );
    expect(filled).toEqual({ subject: 'Status 1', body: 'Hi Alpha\n- Shipment 1 (PRO P1)\nOlivia' });
  });

  it('finds the place a reply names (city and state, or a ZIP), not in the quoted request', () => {
    expect(placeInReply('Shipment 10007: truck is in Joliet, IL, on time.')).toMatchObject({
      city: 'Joliet',
      state: 'IL',
    });
    expect(placeInReply('We are near Fort Worth TX 76102 now')).toMatchObject({
      city: 'Fort Worth',
      state: 'TX',
      zipCode: '76102',
    });
    expect(placeInReply('Driver is at 60435')).toMatchObject({ zipCode: '60435', city: null });
    // A shipment number is no ZIP; a quoted request's words are not the carrier's.
    expect(placeInReply('Shipment 10007 will update later.')).toBeUndefined();
    expect(
      placeInReply('Will call back.\n> Please reply with the city and state, e.g. Dayton, OH'),
    ).toBeUndefined();
    expect(placeInReply('No idea, PO box XX')).toBeUndefined();
  });
});

describe('sending from the staff member’s own mailbox (decision 0073)', () => {
  const own = {
    mailbox_type: 2,
    is_authorized: true,
    sealed_password: 'v1.a.b.c',
    outgoing_mail_server: 'smtp.example.com:587',
    username: 'olivia@broker.example',
  };

  it('sends through an authorized IMAP mailbox with credentials, else the product relay', () => {
    expect(sendsFromOwnMailbox(own)).toBe(true);
    expect(sendsFromOwnMailbox(undefined)).toBe(false);
    expect(sendsFromOwnMailbox({ ...own, mailbox_type: 1 })).toBe(false);
    expect(sendsFromOwnMailbox({ ...own, is_authorized: false })).toBe(false);
    expect(sendsFromOwnMailbox({ ...own, outgoing_mail_server: null })).toBe(false);
    expect(ownAddress('olivia@broker.example', 'ops@demo.test')).toBe('olivia@broker.example');
    expect(ownAddress('olivia', 'ops@demo.test')).toBe('ops@demo.test');
  });

  it('appends the signature: words under "-- " in the text, as written in the HTML part', () => {
    expect(
      signatureText('<p>Olivia Ops<br>Demo &amp; Co</p><p><a href="https://x.test">x.test</a></p>'),
    ).toBe('Olivia Ops\nDemo & Co\nx.test');
    const signed = withSignature('Hello <team>', '<p>Olivia</p>');
    expect(signed.text).toBe('Hello <team>\n\n-- \nOlivia');
    expect(signed.html).toBe('<div>Hello &lt;team&gt;</div><br><div>-- </div><p>Olivia</p>');
    expect(withSignature('Hello', '')).toEqual({ text: 'Hello' });
  });

  it('a refused sign-in to the sender’s server is an Invalid Sender (002 §3.8), not retried', () => {
    expect(afterFailure({ code: 'EAUTH', responseCode: 535, reason: 'invalid-sender' }, 1)).toEqual({
      status: MailSendStatus.values.InvalidSender,
      retry: false,
    });
  });
});

describe('reading in batches', () => {
  it('cuts a backlog into batches of at most 50 messages and 8 MB of sources, a larger message alone', () => {
    expect(READ_BATCH_MESSAGES).toBe(50);
    expect(READ_BATCH_BYTES).toBe(8 * 1024 * 1024);
    const small = Array.from({ length: 120 }, (_, i) => ({ uid: i + 1, size: 2_000 }));
    expect(readBatches(small).map((b) => b.length)).toEqual([50, 50, 20]);
    expect(readBatches(small).flat()).toEqual(small.map((m) => m.uid));
    const mb = 1024 * 1024;
    expect(
      readBatches([
        { uid: 1, size: 3 * mb },
        { uid: 2, size: 3 * mb },
        { uid: 3, size: 3 * mb },
        { uid: 4, size: 20 * mb },
        { uid: 5, size: 1 },
      ]),
    ).toEqual([[1, 2], [3], [4], [5]]);
    expect(readBatches([])).toEqual([]);
  });

  it('names a batch as an IMAP UID set, runs as ranges', () => {
    expect(uidSet([3, 7, 8, 9, 12])).toBe('3,7:9,12');
    expect(uidSet([1, 2, 3])).toBe('1:3');
    expect(uidSet([42])).toBe('42');
  });
});
