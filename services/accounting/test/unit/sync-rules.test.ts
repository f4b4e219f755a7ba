// The sync's item states (001 §3 external sync status: None, Complete, Failed, AlreadySynced, Updated), the
// sides a sync type takes (002 §3.6), and the two file layouts of the daily export (CSV by 000 §5's rules,
// QuickBooks IIF), with amounts written from cents digit by digit.
import { describe, expect, it } from 'vitest';
import { shipmentFactsOf } from '../../src/domain/shipment-facts.ts';
import {
  csvHeader,
  csvItemIdOf,
  csvRow,
  decideItem,
  iifHeader,
  iifTransaction,
  type SyncItem,
  sidesOf,
  syncItemProblem,
  syncOutcome,
} from '../../src/domain/sync.ts';

const invoice = (over: Partial<SyncItem> = {}): SyncItem => ({
  kind: 'invoices',
  itemId: 'inv_1',
  number: '100001',
  date: '2026-11-20',
  dueDate: '2026-12-20',
  organizationId: 'org_demo_acme',
  organizationName: 'Acme Manufacturing, Inc.',
  shipmentId: 10009,
  amountCents: 140805,
  appliesTo: [],
  paymentType: null,
  contentHash: 'h2',
  syncedHash: null,
  ...over,
});

describe('what becomes of each item', () => {
  it('sends a new item (Complete), a changed one again (Updated), and nothing for one the ledger has (AlreadySynced)', () => {
    expect(syncOutcome({ contentHash: 'h2', syncedHash: null })).toBe('Complete');
    expect(syncOutcome({ contentHash: 'h2', syncedHash: 'h1' })).toBe('Updated');
    expect(syncOutcome({ contentHash: 'h2', syncedHash: 'h2' })).toBe('AlreadySynced');
    expect(decideItem(invoice())).toEqual({ status: 'Complete', message: null, send: true });
    expect(decideItem(invoice({ syncedHash: 'h1' }))).toEqual({
      status: 'Updated',
      message: null,
      send: true,
    });
    expect(decideItem(invoice({ syncedHash: 'h2' }))).toEqual({
      status: 'AlreadySynced',
      message: null,
      send: false,
    });
  });

  it('fails an item the ledger cannot post, with the reason, and sends nothing', () => {
    expect(decideItem(invoice({ organizationName: null }))).toEqual({
      status: 'Failed',
      message: 'The payer organization is not known to accounting yet: its name is missing.',
      send: false,
    });
    expect(syncItemProblem(invoice({ amountCents: 0 }))).toBe('The amount is 0: there is nothing to post.');
    expect(syncItemProblem(invoice({ kind: 'billPayments', appliesTo: [] }))).toBe(
      'The payment is not applied to any invoice or bill.',
    );
    expect(syncItemProblem(invoice({ kind: 'bills', organizationName: ' ' }))).toMatch(/vendor has no name/);
  });

  it('takes receivables, payables or both by sync type', () => {
    expect([...sidesOf('DailyExportSyncAR')]).toEqual(['AR']);
    expect([...sidesOf('DailyExportSyncAP')]).toEqual(['AP']);
    expect([...sidesOf('DailyExportSyncARAP')].sort()).toEqual(['AP', 'AR']);
    expect([...sidesOf('QuickBooks')].sort()).toEqual(['AP', 'AR']);
  });
});

describe('the daily export files', () => {
  it('writes the CSV as 000 §5 says: a BOM, the header, CRLF, commas inside values as spaces', () => {
    expect(csvHeader()).toBe(
      '\uFEFFRecordType,ItemId,Number,Date,DueDate,OrganizationId,OrganizationName,ShipmentId,Account,Amount,AppliesTo,PaymentType,SyncStatus\r\n',
    );
    expect(csvRow(invoice(), 'Complete')).toBe(
      'Invoice,inv_1,100001,11/20/2026,12/20/2026,org_demo_acme,Acme Manufacturing  Inc.,10009,Accounts Receivable,1408.05,,,Complete\r\n',
    );
    const payment = invoice({
      kind: 'invoicePayments',
      itemId: 'pay_1',
      number: '40117',
      dueDate: null,
      shipmentId: null,
      amountCents: 5,
      appliesTo: ['100001', '100002'],
      paymentType: 'Check',
    });
    expect(csvRow(payment, 'Updated')).toBe(
      'InvoicePayment,pay_1,40117,11/20/2026,,org_demo_acme,Acme Manufacturing  Inc.,,Accounts Receivable,0.05,100001 100002,Check,Updated\r\n',
    );
    expect(csvItemIdOf(csvRow(payment, 'Updated'))).toBe('pay_1');
    // the platform's one writer: a name a spreadsheet would run as a formula is neutralised, a quote quoted
    expect(csvRow(invoice({ organizationName: '=HYPERLINK("http://evil.test")' }), 'Complete')).toContain(
      `,"'=HYPERLINK(""http://evil.test"")",`,
    );
  });

  it('writes one balanced IIF transaction per item', () => {
    expect(iifHeader().split('\r\n')[0]).toBe(
      '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
    );
    expect(iifTransaction(invoice())).toBe(
      'TRNS\t\tINVOICE\t11/20/2026\tAccounts Receivable\tAcme Manufacturing, Inc.\t1408.05\t100001\tShipment 10009\r\n' +
        'SPL\t\tINVOICE\t11/20/2026\tFreight Income\tAcme Manufacturing, Inc.\t-1408.05\t100001\tShipment 10009\r\n' +
        'ENDTRNS\r\n',
    );
    const bill = iifTransaction(
      invoice({ kind: 'bills', organizationName: 'Old Line Freight', amountCents: 100 }),
    );
    expect(bill).toContain('TRNS\t\tBILL\t11/20/2026\tAccounts Payable\tOld Line Freight\t-1.00');
    expect(bill).toContain('SPL\t\tBILL\t11/20/2026\tCost of Goods Sold\tOld Line Freight\t1.00');
  });
});

describe('what accounting keeps of a shipment', () => {
  it('takes dates from the first pick and last drop, the carrier and pro of the active leg', () => {
    const facts = shipmentFactsOf({
      shipmentId: 10008,
      version: 3,
      brokerId: 'org_demo_broker',
      customerOrganizationId: 'org_demo_globex',
      shipmentType: 2,
      status: 1000,
      transitDays: 1,
      weightUnit: 0,
      totalWeight: 1000,
      dimensionUnit: 0,
      totalHandlingUnits: 2,
      originBaseUTCOffset: -5,
      lockdownMarketplaceBuyer: false,
      noAccountingInvoice: false,
      lostQuote: false,
      shipmentAlertTypes: [],
      consolidationParentId: null,
      createdDate: '2026-11-10T10:00:00.000Z',
      transitLegs: [
        {
          transitLegId: 'leg_1',
          sequence: 0,
          transitType: 1,
          status: 1000,
          active: true,
          carrierMasterId: 'car_demo_oldline',
          carrierMasterName: 'Old Line Freight',
          carrierPhone: null,
          serviceLevel: null,
          scac: 'OLFT',
          trackingUrl: null,
          integrationEnableAPITracking: false,
          trackingIntegrationEnableAPITracking: false,
          trackingIntegrationSourceId: null,
          integrationSourceId: null,
        },
      ],
      stops: [
        stop('FirstPick', {
          scheduledReadyDateTime: '2026-11-17T08:00:00',
          actualArrivalDateTime: '2026-11-18T09:10:00',
        }),
        stop('LastDrop', { scheduledReadyDateTime: '2026-11-19T08:00:00' }),
      ],
      referenceNumbers: [
        {
          referenceId: 'ref_1',
          referenceType: null,
          referenceTypeCode: 'LinehaulCarrierProNumber',
          value: 'OLFT123',
          transitLegId: 'leg_1',
        },
      ],
    });
    expect(facts).toMatchObject({
      pickupDate: '2026-11-18',
      deliveryDate: '2026-11-19',
      carrierMasterId: 'car_demo_oldline',
      proNumber: 'OLFT123',
      status: 1000,
    });
  });
});

function stop(stopType: 'FirstPick' | 'LastDrop', times: Record<string, string>) {
  return {
    stopId: `stp_${stopType}`,
    sequence: stopType === 'FirstPick' ? 0 : 1,
    stopType,
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
    actualArrivalDateTime: null,
    actualDepartureDateTime: null,
    ...times,
  };
}
