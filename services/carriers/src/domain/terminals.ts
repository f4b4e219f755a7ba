// The terminal information page (000 §2 item 7: a server-rendered page GET /Order/Terminals with query
// values for shipment, carrier code, service level, origin zip, origin country, destination zip and
// destination country; the edit-status modal's terminal-information action opens it in a modal). Pure:
// finding the terminals that serve a ZIP code, and rendering the page with every value escaped.
//
// Ours: a carrier's terminal serves the 3-digit ZIP prefixes listed for it (how LTL carriers publish
// their service areas); Canadian and Mexican postal codes are matched on their first 3 characters too.
import { Country, ServiceLevel } from '@loadline/contracts/catalogue';
import { formatPhone } from '@loadline/contracts/rules/phone';

export interface Terminal {
  code: string;
  name: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  contactName: string;
  servedZipPrefixes: readonly string[];
}

export const zipPrefix = (zip: string): string => zip.replace(/\s+/g, '').slice(0, 3).toUpperCase();

/** The carrier's terminal serving `zip`, or null. */
export function terminalServing(terminals: readonly Terminal[], zip: string | null): Terminal | null {
  if (!zip) return null;
  const prefix = zipPrefix(zip);
  return terminals.find((t) => t.servedZipPrefixes.some((p) => p.toUpperCase() === prefix)) ?? null;
}

/** A country given as its 002 §3.1 number (1, 2027, 52) or its code or name; USA when empty. */
export function countryName(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '')
    return Country.nameOf(Country.values.USA)!;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Country.nameOf(Number(v)) ?? null;
  const entry = Country.entries.find(
    (c) => c.code.toLowerCase() === v.toLowerCase() || c.name.toLowerCase() === v.toLowerCase(),
  );
  if (entry) return entry.name;
  if (/^(us|united states)$/i.test(v)) return Country.nameOf(Country.values.USA)!;
  return null;
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface TerminalPage {
  shipmentId: number | null;
  carrierCode: string | null;
  carrierName: string | null;
  serviceLevel: number | null;
  origin: { zip: string | null; country: string | null; terminal: Terminal | null };
  destination: { zip: string | null; country: string | null; terminal: Terminal | null };
}

/** The visible texts of the page (ours; the spec shows no wording). */
export const terminalPageTexts = {
  title: 'Terminal information',
  unknownCarrier: (code: string) => `No carrier with the code ${code} is known.`,
  noTerminal: (carrier: string, zip: string) => `No terminal of ${carrier} serves ZIP code ${zip}.`,
  noZip: 'No ZIP code given.',
};

function place(
  label: string,
  side: TerminalPage['origin'],
  carrier: string | null,
  carrierKnown: boolean,
): string {
  const where = [side.zip, side.country].filter(Boolean).map(escapeHtml).join(', ');
  let body: string;
  if (!side.zip) body = `<p class="none">${escapeHtml(terminalPageTexts.noZip)}</p>`;
  else if (!carrierKnown) body = '';
  else if (!side.terminal)
    body = `<p class="none">${escapeHtml(terminalPageTexts.noTerminal(carrier ?? '', side.zip))}</p>`;
  else {
    const t = side.terminal;
    body = `<dl>
<dt>Terminal</dt><dd>${escapeHtml(t.name)} (${escapeHtml(t.code)})</dd>
<dt>Address</dt><dd>${escapeHtml(t.streetAddress)}<br>${escapeHtml(t.city)}, ${escapeHtml(t.state)} ${escapeHtml(t.zipCode)}</dd>
<dt>Phone</dt><dd>${escapeHtml(formatPhone(t.phone))}</dd>
<dt>Contact</dt><dd>${escapeHtml(t.contactName)}</dd>
</dl>`;
  }
  return `<section aria-label="${escapeHtml(label)}"><h2>${escapeHtml(label)}</h2><p class="where">${where}</p>${body}</section>`;
}

export function renderTerminalPage(page: TerminalPage): string {
  const carrierKnown = page.carrierName !== null;
  const carrier = carrierKnown
    ? `${page.carrierName}${page.carrierCode ? ` (${page.carrierCode})` : ''}`
    : null;
  const facts: string[] = [];
  if (page.shipmentId !== null) facts.push(`<dt>Shipment</dt><dd>${escapeHtml(page.shipmentId)}</dd>`);
  facts.push(
    `<dt>Carrier</dt><dd>${carrier ? escapeHtml(carrier) : escapeHtml(terminalPageTexts.unknownCarrier(page.carrierCode ?? ''))}</dd>`,
  );
  if (page.serviceLevel !== null)
    facts.push(
      `<dt>Service level</dt><dd>${escapeHtml(ServiceLevel.nameOf(page.serviceLevel) ?? String(page.serviceLevel))}</dd>`,
    );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(terminalPageTexts.title)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:16px;color:#1a1b1e}h1{font-size:18px;margin:0 0 8px}h2{font-size:15px;margin:16px 0 4px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}dt{color:#666}dd{margin:0}.none{color:#a61e1e}.where{color:#666;margin:0 0 4px}</style>
</head><body><main>
<h1>${escapeHtml(terminalPageTexts.title)}</h1>
<dl>${facts.join('')}</dl>
${place('Origin terminal', page.origin, carrier, carrierKnown)}
${place('Destination terminal', page.destination, carrier, carrierKnown)}
</main></body></html>
`;
}
