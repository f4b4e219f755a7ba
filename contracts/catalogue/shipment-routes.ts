// Spec 000 §2 "Opening a shipment depends on its type": the pages a shipment opens on, defined once for the
// gateway (which serves the back-office shell for the spec's older paths) and the shells and remotes (which
// link to them and route them). Paths are matched case-insensitively: the spec mixes /Backoffice and
// /BackOffice. Pure.

/** The spec's routes of a shipment page, by type (000 §2). */
export const ShipmentPageRoutes = Object.freeze({
  /** Domestic: the shell's own page, "with an optional trailing source segment". */
  domestic: (id: number, source?: string) =>
    `/back-office/shipment/shipment-details/${id}${source ? `/${encodeURIComponent(source)}` : ''}`,
  international: (id: number) => `/Backoffice/ShipmentInternational#/Details/${id}`,
  internationalEdit: (id: number) => `/Backoffice/ShipmentInternational#/Edit/${id}`,
  /** Only when the international ocean page's feature flag is on. */
  internationalOcean: (id: number) => `/back-office/shipment/international-ocean/details/${id}`,
  internationalOceanEdit: (id: number) => `/back-office/shipment/international-ocean/edit/${id}`,
  unknown: (id: number) => `/BackOffice/ShipmentSearch#/${id}`,
  companyLoadboardEdit: (id: number) => `/Backoffice/ShipmentDomestic#/Edit/${id}/companyLoadboard`,
});

/**
 * The paths of 000 §2 that name no page of the shell themselves (the page is in the hash): the gateway
 * answers them with the back-office shell, which routes them by `shellPathOfShipmentRoute`.
 */
export const LegacyShipmentPagePaths: readonly string[] = Object.freeze([
  '/Backoffice/ShipmentInternational',
  '/BackOffice/ShipmentSearch',
  '/Backoffice/ShipmentDomestic',
]);

/** The back-office shell's own routes for the pages above (ours: the shell's router has no hash routes). */
export const ShellShipmentPaths = Object.freeze({
  details: (id: number, source?: string) => ShipmentPageRoutes.domestic(id, source),
  /** The same page with the edit-status modal open (000 §2's "#/Edit/{id}" pages). */
  edit: (id: number, source?: string) =>
    `/back-office/shipment/edit/${id}${source ? `/${encodeURIComponent(source)}` : ''}`,
  internationalDetails: (id: number) => `/back-office/shipment/international/details/${id}`,
  internationalEdit: (id: number) => `/back-office/shipment/international/edit/${id}`,
  /** Where a path of the spec that names no shipment lands: the shipment search. */
  search: () => '/back-office/shipment/search',
});

const legacy = new Map(LegacyShipmentPagePaths.map((p) => [p.toLowerCase(), p]));
const ID = '(\\d{1,15})';
const SOURCE = '(?:/([A-Za-z0-9_-]{1,60}))?';

/**
 * The shell path a 000 §2 path with its hash opens (e.g. '/Backoffice/ShipmentInternational' and
 * '#/Details/10040' → '/back-office/shipment/international/details/10040'); undefined for a path that is
 * not one of `LegacyShipmentPagePaths`. Any case; a trailing slash is ignored.
 */
export function shellPathOfShipmentRoute(pathname: string, hash: string): string | undefined {
  const key = legacy.get(pathname.replace(/\/+$/, '').toLowerCase());
  if (!key) return undefined;
  const fragment = hash.replace(/^#/, '').replace(/\/+$/, '');
  const match = (pattern: string) => new RegExp(`^${pattern}$`, 'i').exec(fragment);
  const id = (text: string | undefined) => Number(text);
  switch (key) {
    case '/Backoffice/ShipmentInternational': {
      const details = match(`/Details/${ID}`);
      if (details) return ShellShipmentPaths.internationalDetails(id(details[1]));
      const edit = match(`/Edit/${ID}`);
      if (edit) return ShellShipmentPaths.internationalEdit(id(edit[1]));
      break;
    }
    case '/BackOffice/ShipmentSearch': {
      const unknown = match(`/${ID}`);
      if (unknown) return ShellShipmentPaths.details(id(unknown[1]));
      break;
    }
    case '/Backoffice/ShipmentDomestic': {
      const edit = match(`/Edit/${ID}${SOURCE}`);
      if (edit) return ShellShipmentPaths.edit(id(edit[1]), edit[2]);
      const details = match(`/Details/${ID}${SOURCE}`);
      if (details) return ShellShipmentPaths.details(id(details[1]), details[2]);
      break;
    }
  }
  return ShellShipmentPaths.search();
}
