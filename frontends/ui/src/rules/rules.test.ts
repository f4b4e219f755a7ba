import { describe, expect, it } from 'vitest';
import { remotesOf } from '../api/config.ts';
import { formatDate, formatDateTime, formatLocationTime } from './dates.ts';
import { clampPage, pageCount, pagerPages } from './pager.ts';
import { pageTitleWithShipmentId } from './pageTitle.ts';
import { capProportionally, searchKindsFor, universalSearchTarget } from './universalSearch.ts';

describe('page titles (001 §2)', () => {
  it('appends the shipment id when a route parameter name contains shipmentid', () => {
    expect(pageTitleWithShipmentId('Shipment details', { shipmentId: '10045' })).toBe(
      'Shipment details - 10045',
    );
    expect(pageTitleWithShipmentId('Consolidation', { parentShipmentID: '7' })).toBe('Consolidation - 7');
    expect(pageTitleWithShipmentId('Organization', { organizationId: 'org_1' })).toBe('Organization');
    expect(pageTitleWithShipmentId('Shipment details', {})).toBe('Shipment details');
  });
});

describe('universal search rules (001 §5, §9)', () => {
  it('searches above 3 characters; numeric text searches shipments and carriers (MC, DOT) only', () => {
    expect(searchKindsFor('abc')).toEqual([]);
    expect(searchKindsFor('   abc   ')).toEqual([]);
    expect(searchKindsFor('1004')).toEqual(['shipments', 'carriers']);
    expect(searchKindsFor('acme')).toEqual(['shipments', 'organizations', 'staff', 'carriers']);
    expect(searchKindsFor('PO 1004')).toEqual(['shipments', 'organizations', 'staff', 'carriers']);
  });

  it('opens a carrier (LSPCarrier, 6) on its details page', () => {
    expect(universalSearchTarget({ universalSearchResultType: 6, carrierMasterId: 'car_demo_oldline' })).toBe(
      '/back-office/lsp/carriers/details/car_demo_oldline',
    );
    expect(universalSearchTarget({ universalSearchResultType: 6 })).toBeUndefined();
  });

  it('caps at 12 across kinds, proportionally', () => {
    const n = (k: number) => Array.from({ length: k }, (_, i) => i);
    expect(capProportionally([n(20)]).map((l) => l.length)).toEqual([12]);
    expect(capProportionally([n(20), n(20), n(20)]).map((l) => l.length)).toEqual([4, 4, 4]);
    expect(capProportionally([n(1), n(20), n(20)]).map((l) => l.length)).toEqual([1, 6, 5]);
    expect(capProportionally([n(2), n(3), n(1)]).map((l) => l.length)).toEqual([2, 3, 1]);
    expect(capProportionally([n(20), n(20)]).map((l) => l.length)).toEqual([6, 6]);
  });
});

describe('remotesOf', () => {
  it('makes the manifest URLs of GET /api/config absolute', () => {
    expect(
      remotesOf(
        { remotes: { directory: '/remotes/directory/mf-manifest.json' } },
        'https://tms.example.com/back-office/x',
      ),
    ).toEqual([{ name: 'directory', entry: 'https://tms.example.com/remotes/directory/mf-manifest.json' }]);
  });
});

describe('formats (000 §3, §5)', () => {
  it('MM/DD/YYYY, HH:mm and MM/DD HH:mm A', () => {
    expect(formatDate('2026-11-24')).toBe('11/24/2026');
    expect(formatDateTime('2026-11-24T08:05:00')).toBe('11/24/2026 08:05');
    expect(formatLocationTime('2026-11-24T14:30:00')).toBe('11/24 14:30 PM');
    expect(formatLocationTime('2026-11-24T09:30:00')).toBe('11/24 09:30 AM');
    expect(formatDate(null)).toBe('');
    // an instant with its zone is shown in the browser's time
    expect(formatDateTime(new Date(2026, 10, 3, 7, 5).toISOString())).toBe('11/03/2026 07:05');
  });
});

describe('pager (000 §4, §9)', () => {
  it('shows up to 4 pages before and 5 after the current page, clamped to at least 1', () => {
    expect(pagerPages(1, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pagerPages(10, 20)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(pagerPages(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(pageCount(0, 100)).toBe(1);
    expect(pageCount(201, 100)).toBe(3);
  });
});
