// ZIP and postal code lookups over the bundled dataset (000 §3 "Zip lookup", §5 zip rules, §9 zip
// search limit 25), kept in memory: a lookup is a map read, a search a binary search over sorted
// keys, and the nearest place to a position a scan of the few grid cells around it. Pure: the
// records are handed in (src/geo/zip-data.ts reads them from the npm package).
import { CanadianProvince, Country, ZIP_SEARCH_LIMIT } from '@loadline/contracts/catalogue';

export interface ZipPlace {
  /** 5-digit US ZIP code, or a Canadian forward sortation area (the first 3 characters, e.g. M5V) */
  zip: string;
  city: string;
  /** US state or Canadian province code */
  state: string;
  /** catalogue country code: USA or Canada */
  country: string;
  latitude: number | null;
  longitude: number | null;
}

export interface RawZipRecord {
  zip: string;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
}

const USA = Country.byCode.USA.code;
const CANADA = Country.byCode.Canada.code;

/** Canada Post: the first letter of a postal code names the province (X is shared by NT and NU). */
const provinceByFirstLetter: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

const provinceCodeByName = new Map(CanadianProvince.entries.map((p) => [p.name.toLowerCase(), p.code]));

function canadianProvince(fsa: string, statedName: string, longitude: number): string {
  const named = provinceCodeByName.get(statedName.toLowerCase());
  if (named) return named;
  const letter = fsa.charAt(0).toUpperCase();
  if (letter === 'X') return longitude > -102 ? 'NU' : 'NT';
  return provinceByFirstLetter[letter] ?? statedName;
}

/** The dataset's record as a ZipPlace: catalogue country codes, province codes, no 0,0 positions. */
export function toZipPlace(record: RawZipRecord): ZipPlace {
  const canadian = record.country !== 'US';
  const located =
    Number.isFinite(record.latitude) && Number.isFinite(record.longitude) && record.latitude !== 0;
  // Some Canadian areas list their neighbourhoods in parentheses, over a hundred characters long.
  const city = record.city.length > 60 ? record.city.replace(/\s*\(.*$/, '') : record.city;
  return {
    zip: record.zip.toUpperCase(),
    city,
    state: canadian ? canadianProvince(record.zip, record.state, record.longitude) : record.state,
    country: canadian ? CANADA : USA,
    latitude: located ? record.latitude : null,
    longitude: located ? record.longitude : null,
  };
}

const usZip = /^(\d{5})(?:-?\d{4})?$/;
const canadianPostalCode = /^([A-Za-z]\d[A-Za-z])(?:\s?\d[A-Za-z]\d)?$/;

/** The dataset's key for what a person typed: ZIP+4 → its 5 digits, a full Canadian code → its FSA. */
export function zipKey(input: string | null | undefined): string | undefined {
  const text = (input ?? '').trim();
  const us = usZip.exec(text);
  if (us) return us[1];
  const ca = canadianPostalCode.exec(text);
  if (ca) return ca[1]!.toUpperCase();
  return undefined;
}

const normalizeCity = (city: string) =>
  city
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Cells of a quarter degree: a dense metro area's cell holds tens of places, not hundreds. */
const CELL_DEGREES = 0.25;
const cellIndex = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
const cellKey = (latIndex: number, lonIndex: number) => latIndex * 4096 + lonIndex;
/** Nothing farther than this names a position (km); about 6 rings of cells. */
const NEAREST_LIMIT_KM = 150;

/** Great-circle distance in kilometres. */
export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export class ZipIndex {
  private readonly byZip = new Map<string, ZipPlace>();
  /** zip codes, sorted, for prefix search */
  private readonly zips: string[];
  /** "city|zip" keys sorted by normalized city name, for city prefix search */
  private readonly cities: { key: string; place: ZipPlace }[];
  /** quarter-degree cells of located places, for the nearest place to a position */
  private readonly cells = new Map<number, ZipPlace[]>();

  constructor(places: readonly ZipPlace[]) {
    for (const place of places) {
      this.byZip.set(place.zip, place);
      if (place.latitude !== null && place.longitude !== null) {
        const cell = cellKey(cellIndex(place.latitude), cellIndex(place.longitude));
        const list = this.cells.get(cell);
        if (list) list.push(place);
        else this.cells.set(cell, [place]);
      }
    }
    this.zips = [...this.byZip.keys()].sort();
    this.cities = [...this.byZip.values()]
      .map((place) => ({
        key: `${normalizeCity(place.city)}|${place.state.toLowerCase()}|${place.zip}`,
        place,
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  get size(): number {
    return this.byZip.size;
  }

  /** 000 §3 zip lookup: the place of a ZIP code (ZIP+4 and full Canadian codes accepted), or undefined. */
  lookup(zip: string | null | undefined): ZipPlace | undefined {
    const key = zipKey(zip);
    return key ? this.byZip.get(key) : undefined;
  }

  /**
   * 000 §2 item 13, §9: places whose ZIP code starts with the query, or whose city does (a state may
   * follow after a comma: "Dayton, OH"), at most `limit` (25), ZIP order then city order.
   */
  search(query: string, limit: number = ZIP_SEARCH_LIMIT): ZipPlace[] {
    const text = query.trim();
    if (text === '') return [];
    const out: ZipPlace[] = [];
    const compact = text.replace(/\s+/g, '').toUpperCase();
    if (/^[0-9]{1,5}$/.test(compact) || /^[A-Z][0-9]([A-Z])?$/.test(compact)) {
      for (let i = lowerBound(this.zips, compact); i < this.zips.length && out.length < limit; i++) {
        const zip = this.zips[i]!;
        if (!zip.startsWith(compact)) break;
        out.push(this.byZip.get(zip)!);
      }
      if (out.length > 0 || /^[0-9]/.test(compact)) return out;
    }
    const [cityPart, statePart] = text.split(',').map((s) => s.trim());
    const city = normalizeCity(cityPart ?? '');
    const state = (statePart ?? '').toLowerCase();
    if (city === '') return out;
    const keys = this.cities;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]!.key < city) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < keys.length && out.length < limit; i++) {
      const { key, place } = keys[i]!;
      if (!key.startsWith(city)) break;
      if (state && !place.state.toLowerCase().startsWith(state)) continue;
      out.push(place);
    }
    return out;
  }

  /** Places of a city (any case), optionally in a state. */
  inCity(city: string, state?: string | null): ZipPlace[] {
    const name = normalizeCity(city);
    if (name === '') return [];
    const st = (state ?? '').trim().toLowerCase();
    const prefix = `${name}|${st}`;
    const out: ZipPlace[] = [];
    let lo = 0;
    let hi = this.cities.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cities[mid]!.key < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.cities.length; i++) {
      const { key, place } = this.cities[i]!;
      if (!key.startsWith(`${name}|`)) break;
      if (st && place.state.toLowerCase() !== st) break;
      out.push(place);
    }
    return out;
  }

  /**
   * The located place nearest to a position (within 150 km), or undefined out there. Searches rings of
   * cells outward and stops once the next ring cannot hold anything closer.
   */
  nearest(latitude: number, longitude: number): ZipPlace | undefined {
    const lat0 = cellIndex(latitude);
    const lon0 = cellIndex(longitude);
    // A degree of longitude shrinks with the latitude; rings are counted in latitude cells (the larger).
    const kmPerCell = 111 * CELL_DEGREES * Math.max(0.2, Math.cos((latitude * Math.PI) / 180));
    const maxRing = Math.ceil(NEAREST_LIMIT_KM / kmPerCell);
    let best: ZipPlace | undefined;
    let bestKm = Number.POSITIVE_INFINITY;
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let dLat = -ring; dLat <= ring; dLat++) {
        for (let dLon = -ring; dLon <= ring; dLon++) {
          if (Math.abs(dLat) !== ring && Math.abs(dLon) !== ring) continue;
          for (const place of this.cells.get(cellKey(lat0 + dLat, lon0 + dLon)) ?? []) {
            const km = distanceKm(latitude, longitude, place.latitude!, place.longitude!);
            if (km < bestKm) {
              bestKm = km;
              best = place;
            }
          }
        }
      }
      // Every place beyond this ring is at least `ring` cells away.
      if (best && bestKm <= ring * kmPerCell) break;
    }
    return bestKm <= NEAREST_LIMIT_KM ? best : undefined;
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
