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
/** The latitude index of a cell key (its longitude index lies within ±720). */
const rowOf = (key: number) => Math.round(key / 4096);
/** Rows of cells from the south pole (index -360) to the north pole (index 360), 90° included. */
const ROW_OFFSET = 360;
const ROWS = 2 * ROW_OFFSET + 1;
/** Nothing farther than this names a position (km); about 6 rings of cells. */
const NEAREST_LIMIT_KM = 150;

const RADIANS = Math.PI / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  return kmOfHaversine(haversine(aLat, aLon, Math.cos(aLat * RADIANS), bLat, bLon, Math.cos(bLat * RADIANS)));
}

/**
 * The haversine of the central angle between two positions (the cosines of their latitudes given): it
 * grows with the distance, so the nearest place is found comparing it, and only a closer one is turned
 * into kilometres (the same arithmetic as `distanceKm`, so the same place wins).
 */
const haversine = (aLat: number, aLon: number, aCos: number, bLat: number, bLon: number, bCos: number) =>
  Math.sin(((bLat - aLat) * RADIANS) / 2) ** 2 + aCos * bCos * Math.sin(((bLon - aLon) * RADIANS) / 2) ** 2;
const kmOfHaversine = (h: number) => 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));

/**
 * A position as a point on the unit sphere, written at `into[at..at+2]`: the squared chord between two
 * such points is 4 times their haversine.
 */
function unitVector(latitude: number, longitude: number, into: Float64Array, at: number): void {
  const cosine = Math.cos(latitude * RADIANS);
  into[at] = cosine * Math.cos(longitude * RADIANS);
  into[at + 1] = cosine * Math.sin(longitude * RADIANS);
  into[at + 2] = Math.sin(latitude * RADIANS);
}
/** The position `nearest` is asked about, as a unit vector (one array, so a lookup allocates none). */
const asked = new Float64Array(3);
/** The chord's haversine and the haversine formula's differ by rounding, relatively far below this. */
const CHORD_MARGIN = 1 + 1e-9;

/**
 * The places in columns rather than ~44,000 objects: one index per place into de-duplicated city and
 * state names, coordinates in typed arrays. The index holds ~4 MB instead of ~16 MB (the tracking
 * service's idle memory, issue 2); a ZipPlace object is made only for what a call returns.
 */
export class ZipIndex {
  /** zip codes, sorted: place i is the i-th zip (prefix search and lookup by binary search) */
  private zips: string[];
  private readonly cityOf: Uint32Array;
  private readonly stateOf: Uint16Array;
  private readonly countryOf: Uint8Array;
  /** NaN where the dataset has no position */
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  /** the cosine of each latitude, for `nearest` (NaN where no position) */
  private readonly latitudeCosines: Float64Array;
  private cityNames: string[] = [];
  /** normalizeCity of each city name, for the city search */
  private readonly cityKeys: string[] = [];
  private stateNames: string[] = [];
  private countryNames: string[] = [];
  /** places ordered by normalized city, state and zip, for city prefix search */
  private readonly byCity: Uint32Array;
  /** quarter-degree cells of located places (sorted cell keys, where each cell's places start, the places) */
  private readonly cellKeys: Float64Array;
  private readonly cellStarts: Uint32Array;
  private readonly cellPlaces: Uint32Array;
  /**
   * Each entry of cellPlaces as a point on the unit sphere, side by side in cell order: `nearest` passes
   * over a place that cannot be the closest with a few multiplications instead of the haversine's sines.
   */
  private readonly cellPoints: Float64Array;
  /** where each row of cells (a quarter degree of latitude, south to north) starts in cellKeys */
  private readonly rowFirstCell: Uint32Array;

  constructor(input: readonly ZipPlace[]) {
    // One place per zip (the last one given wins, as a map would keep it), in zip order.
    const byZip = new Map<string, ZipPlace>();
    for (const place of input) byZip.set(place.zip, place);
    const places = [...byZip.values()].sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
    const n = places.length;
    this.zips = places.map((p) => p.zip);
    this.cityOf = new Uint32Array(n);
    this.stateOf = new Uint16Array(n);
    this.countryOf = new Uint8Array(n);
    this.latitudes = new Float64Array(n);
    this.longitudes = new Float64Array(n);
    this.latitudeCosines = new Float64Array(n);
    const intern = (names: string[], ids: Map<string, number>, name: string) => {
      let id = ids.get(name);
      if (id === undefined) {
        id = names.length;
        names.push(name);
        ids.set(name, id);
      }
      return id;
    };
    const cityIds = new Map<string, number>();
    const stateIds = new Map<string, number>();
    const countryIds = new Map<string, number>();
    const cells = new Map<number, number[]>();
    places.forEach((place, i) => {
      this.cityOf[i] = intern(this.cityNames, cityIds, place.city);
      this.stateOf[i] = intern(this.stateNames, stateIds, place.state);
      this.countryOf[i] = intern(this.countryNames, countryIds, place.country);
      this.latitudes[i] = place.latitude ?? Number.NaN;
      this.longitudes[i] = place.longitude ?? Number.NaN;
      this.latitudeCosines[i] = Math.cos(this.latitudes[i]! * RADIANS);
    });
    // Each cell lists its places in the dataset's order, which settles ties of `nearest` (places at
    // the very same position) as the dataset does.
    const indexOf = new Map(places.map((place, i) => [place.zip, i]));
    for (const place of byZip.values()) {
      if (place.latitude === null || place.longitude === null) continue;
      const cell = cellKey(cellIndex(place.latitude), cellIndex(place.longitude));
      const i = indexOf.get(place.zip)!;
      const list = cells.get(cell);
      if (list) list.push(i);
      else cells.set(cell, [i]);
    }
    // Strings cut from the dataset's text keep that whole text alive; copies of their own do not.
    this.zips = ownCopies(this.zips);
    this.cityNames = ownCopies(this.cityNames);
    this.stateNames = ownCopies(this.stateNames);
    this.countryNames = ownCopies(this.countryNames);
    this.cityKeys = this.cityNames.map(normalizeCity);
    const keys = places.map((_, i) => this.cityKey(i));
    this.byCity = Uint32Array.from(places.keys()).sort((a, b) =>
      keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0,
    );
    const sortedCells = [...cells.keys()].sort((a, b) => a - b);
    this.cellKeys = Float64Array.from(sortedCells);
    this.cellStarts = new Uint32Array(sortedCells.length + 1);
    this.cellPlaces = new Uint32Array([...cells.values()].reduce((sum, list) => sum + list.length, 0));
    this.cellPoints = new Float64Array(this.cellPlaces.length * 3);
    let at = 0;
    sortedCells.forEach((cell, c) => {
      this.cellStarts[c] = at;
      for (const i of cells.get(cell)!) {
        unitVector(this.latitudes[i]!, this.longitudes[i]!, this.cellPoints, at * 3);
        this.cellPlaces[at++] = i;
      }
    });
    this.cellStarts[sortedCells.length] = at;
    this.rowFirstCell = new Uint32Array(ROWS + 1);
    for (let row = 0, c = 0; row <= ROWS; row++) {
      while (c < sortedCells.length && rowOf(sortedCells[c]!) < row - ROW_OFFSET) c++;
      this.rowFirstCell[row] = c;
    }
  }

  get size(): number {
    return this.zips.length;
  }

  private place(i: number): ZipPlace {
    const latitude = this.latitudes[i]!;
    const longitude = this.longitudes[i]!;
    return {
      zip: this.zips[i]!,
      city: this.cityNames[this.cityOf[i]!]!,
      state: this.stateNames[this.stateOf[i]!]!,
      country: this.countryNames[this.countryOf[i]!]!,
      latitude: Number.isNaN(latitude) ? null : latitude,
      longitude: Number.isNaN(longitude) ? null : longitude,
    };
  }

  private state(i: number): string {
    return this.stateNames[this.stateOf[i]!]!;
  }

  /** "city|state|zip", normalized: the order of the city search */
  private cityKey(i: number): string {
    return `${this.cityKeys[this.cityOf[i]!]}|${this.state(i).toLowerCase()}|${this.zips[i]}`;
  }

  /** The first place (in city order) whose city key is not below `key`. */
  private cityLowerBound(key: string): number {
    let lo = 0;
    let hi = this.byCity.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cityKey(this.byCity[mid]!) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** 000 §3 zip lookup: the place of a ZIP code (ZIP+4 and full Canadian codes accepted), or undefined. */
  lookup(zip: string | null | undefined): ZipPlace | undefined {
    const key = zipKey(zip);
    if (!key) return undefined;
    const i = lowerBound(this.zips, key);
    return this.zips[i] === key ? this.place(i) : undefined;
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
        if (!this.zips[i]!.startsWith(compact)) break;
        out.push(this.place(i));
      }
      if (out.length > 0 || /^[0-9]/.test(compact)) return out;
    }
    const [cityPart, statePart] = text.split(',').map((s) => s.trim());
    const city = normalizeCity(cityPart ?? '');
    const state = (statePart ?? '').toLowerCase();
    if (city === '') return out;
    for (let k = this.cityLowerBound(city); k < this.byCity.length && out.length < limit; k++) {
      const i = this.byCity[k]!;
      if (!this.cityKeys[this.cityOf[i]!]!.startsWith(city)) break;
      if (state && !this.state(i).toLowerCase().startsWith(state)) continue;
      out.push(this.place(i));
    }
    return out;
  }

  /** Places of a city (any case), optionally in a state. */
  inCity(city: string, state?: string | null): ZipPlace[] {
    const name = normalizeCity(city);
    if (name === '') return [];
    const st = (state ?? '').trim().toLowerCase();
    const out: ZipPlace[] = [];
    for (let k = this.cityLowerBound(`${name}|${st}`); k < this.byCity.length; k++) {
      const i = this.byCity[k]!;
      if (this.cityKeys[this.cityOf[i]!] !== name) break;
      if (st && this.state(i).toLowerCase() !== st) break;
      out.push(this.place(i));
    }
    return out;
  }

  /**
   * The first cell of row `latIndex` whose key is at least `key`, or the row's end (an index into
   * cellKeys): a search within the row, a few hundred cells at most, not all ~10,000.
   */
  private firstCellFrom(latIndex: number, key: number): number {
    const row = latIndex + ROW_OFFSET;
    if (row < 0 || row >= ROWS) return this.cellKeys.length;
    let lo = this.rowFirstCell[row]!;
    let hi = this.rowFirstCell[row + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cellKeys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The located place nearest to a position (within 150 km), or undefined out there. Searches rings of
   * cells outward and stops once the next ring cannot hold anything closer. Run for every check call of
   * a batch (issue 19 target 4): it reads the columns in place, finds a ring's whole top and bottom row
   * with one search each, and allocates nothing but its answer.
   */
  nearest(latitude: number, longitude: number): ZipPlace | undefined {
    const lat0 = cellIndex(latitude);
    const lon0 = cellIndex(longitude);
    // A degree of longitude shrinks with the latitude; rings are counted in latitude cells (the larger).
    const kmPerCell = 111 * CELL_DEGREES * Math.max(0.2, Math.cos((latitude * Math.PI) / 180));
    const maxRing = Math.ceil(NEAREST_LIMIT_KM / kmPerCell);
    const cosine = Math.cos(latitude * RADIANS);
    unitVector(latitude, longitude, asked, 0);
    const x = asked[0]!;
    const y = asked[1]!;
    const z = asked[2]!;
    let best = -1;
    let bestH = Number.POSITIVE_INFINITY;
    let bestKm = Number.POSITIVE_INFINITY;
    for (let ring = 0; ring <= maxRing; ring++) {
      // Row by row, west to east (the order settles ties): all of the ring's first and last row, the
      // two end cells of the others. A row's cells have consecutive keys.
      for (let dLat = -ring; dLat <= ring; dLat++) {
        const whole = dLat === -ring || dLat === ring;
        const step = whole || ring === 0 ? 1 : 2 * ring;
        for (let dLon = -ring; dLon <= ring; dLon += step) {
          const key = cellKey(lat0 + dLat, lon0 + dLon);
          const last = whole ? cellKey(lat0 + dLat, lon0 + ring) : key;
          for (
            let c = this.firstCellFrom(lat0 + dLat, key);
            c < this.cellKeys.length && this.cellKeys[c]! <= last;
            c++
          ) {
            for (let at = this.cellStarts[c]!, end = this.cellStarts[c + 1]!; at < end; at++) {
              // A quarter of the squared chord is the haversine itself; beyond rounding (far below the
              // margin) it is farther than the best so far, and the haversine below would pass it over too.
              const dx = this.cellPoints[at * 3]! - x;
              const dy = this.cellPoints[at * 3 + 1]! - y;
              const dz = this.cellPoints[at * 3 + 2]! - z;
              if ((dx * dx + dy * dy + dz * dz) / 4 > bestH * CHORD_MARGIN + 1e-18) continue;
              const i = this.cellPlaces[at]!;
              const h = haversine(
                latitude,
                longitude,
                cosine,
                this.latitudes[i]!,
                this.longitudes[i]!,
                this.latitudeCosines[i]!,
              );
              if (h >= bestH) continue;
              const km = kmOfHaversine(h);
              if (km < bestKm) {
                bestH = h;
                bestKm = km;
                best = i;
              }
            }
          }
          if (whole) break;
        }
      }
      // Every place beyond this ring is at least `ring` cells away.
      if (best >= 0 && bestKm <= ring * kmPerCell) break;
    }
    return best >= 0 && bestKm <= NEAREST_LIMIT_KM ? this.place(best) : undefined;
  }
}

/** The same strings, each a flat string of its own (not a slice of a larger one). */
const ownCopies = (strings: readonly string[]): string[] => JSON.parse(JSON.stringify(strings));

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
