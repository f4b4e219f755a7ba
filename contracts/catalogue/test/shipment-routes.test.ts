// 000 §2 "Opening a shipment depends on its type": every route of the spec names a page of the shell.
import { describe, expect, it } from 'vitest';
import { LegacyShipmentPagePaths, ShipmentPageRoutes, shellPathOfShipmentRoute } from '../shipment-routes.ts';

const split = (route: string) => {
  const [path, hash = ''] = route.split('#');
  return [path!, hash ? `#${hash}` : ''] as const;
};

describe('shipment page routes (000 §2)', () => {
  it("are the spec's paths", () => {
    expect(ShipmentPageRoutes.domestic(10001)).toBe('/back-office/shipment/shipment-details/10001');
    expect(ShipmentPageRoutes.international(10040)).toBe('/Backoffice/ShipmentInternational#/Details/10040');
    expect(ShipmentPageRoutes.internationalEdit(10040)).toBe('/Backoffice/ShipmentInternational#/Edit/10040');
    expect(ShipmentPageRoutes.internationalOcean(10007)).toBe(
      '/back-office/shipment/international-ocean/details/10007',
    );
    expect(ShipmentPageRoutes.unknown(10003)).toBe('/BackOffice/ShipmentSearch#/10003');
    expect(ShipmentPageRoutes.companyLoadboardEdit(10021)).toBe(
      '/Backoffice/ShipmentDomestic#/Edit/10021/companyLoadboard',
    );
  });

  it('routes each hash route of the spec to a shell page, in any case', () => {
    expect(shellPathOfShipmentRoute(...split(ShipmentPageRoutes.international(10040)))).toBe(
      '/back-office/shipment/international/details/10040',
    );
    expect(shellPathOfShipmentRoute(...split(ShipmentPageRoutes.internationalEdit(10040)))).toBe(
      '/back-office/shipment/international/edit/10040',
    );
    expect(shellPathOfShipmentRoute(...split(ShipmentPageRoutes.unknown(10003)))).toBe(
      '/back-office/shipment/shipment-details/10003',
    );
    expect(shellPathOfShipmentRoute(...split(ShipmentPageRoutes.companyLoadboardEdit(10021)))).toBe(
      '/back-office/shipment/edit/10021/companyLoadboard',
    );
    expect(shellPathOfShipmentRoute('/backoffice/shipmentinternational/', '#/details/10040')).toBe(
      '/back-office/shipment/international/details/10040',
    );
    expect(shellPathOfShipmentRoute('/BACKOFFICE/SHIPMENTDOMESTIC', '#/Edit/10021')).toBe(
      '/back-office/shipment/edit/10021',
    );
  });

  it('sends a path of the spec without a shipment to the search; leaves other paths alone', () => {
    for (const path of LegacyShipmentPagePaths) {
      expect(shellPathOfShipmentRoute(path, '')).toBe('/back-office/shipment/search');
      expect(shellPathOfShipmentRoute(path, '#/Details/abc')).toBe('/back-office/shipment/search');
    }
    expect(shellPathOfShipmentRoute('/back-office/shipment/search', '#/10001')).toBeUndefined();
    expect(shellPathOfShipmentRoute('/Backoffice/Other', '#/10001')).toBeUndefined();
  });
});
