// The place's offset from UTC, so a location stored in UTC can be shown in location-local time
// (issue 4 item 5; 000 §2 item 3's UTC / location-local switch). The place's time zone comes from
// its position (the IANA zone boundaries bundled in @photostructure/tz-lookup: Hammond, IN keeps
// Central time while Indianapolis keeps Eastern), else from its state or province (the zone most of
// it keeps), with the few split states cut by longitude; the offset at an instant comes from the
// IANA rules built into the runtime (daylight saving included). Pure: Intl and the zone lookup read
// no file or network.
import tzLookup from '@photostructure/tz-lookup';

/** IANA zone most of each US state and Canadian province keeps. */
const zoneByState: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Montreal',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
};

/** States split between two zones: west (or east) of a meridian keeps the other zone. */
const splits: Readonly<Record<string, { west?: [number, string]; east?: [number, string] }>> = {
  TX: { west: [-104.6, 'America/Denver'] },
  FL: { west: [-85.4, 'America/Chicago'] },
  TN: { east: [-85.0, 'America/New_York'] },
  KY: { west: [-86.3, 'America/Chicago'] },
  ND: { west: [-101.3, 'America/Denver'] },
  SD: { west: [-100.6, 'America/Denver'] },
  NE: { west: [-101.4, 'America/Denver'] },
  KS: { west: [-101.5, 'America/Denver'] },
  OR: { east: [-117.6, 'America/Boise'] },
  ON: { west: [-90.0, 'America/Winnipeg'] },
};

/** The IANA time zone of a place, or undefined when its state is unknown. */
export function timeZoneOf(state: string | null | undefined, longitude?: number | null): string | undefined {
  const code = (state ?? '').trim().toUpperCase();
  const zone = zoneByState[code];
  if (!zone) return undefined;
  const split = splits[code];
  if (split && typeof longitude === 'number') {
    if (split.west && longitude < split.west[0]) return split.west[1];
    if (split.east && longitude > split.east[0]) return split.east[1];
  }
  return zone;
}

/**
 * The IANA time zone of a place: from its position when known (issue 14 item 10: a state's main zone is
 * wrong for its other parts, e.g. north-west Indiana, Michigan's Upper Peninsula, the Idaho panhandle),
 * else from its state. Undefined when neither is known.
 */
export function timeZoneAt(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  state?: string | null,
): string | undefined {
  if (typeof latitude === 'number' && typeof longitude === 'number') {
    try {
      return tzLookup(latitude, longitude);
    } catch {
      // Out of range: the state decides.
    }
  }
  return timeZoneOf(state, longitude);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Offsets by zone and quarter hour: zones change their offset only at a whole quarter hour (UTC), so
 * every instant of a quarter hour has the same offset. Asking Intl costs ~30 µs, a batch of check
 * calls asks hundreds of times for the same few zones and hours.
 */
const offsets = new Map<string, number>();
const QUARTER_HOUR_MS = 15 * 60_000;

/** Minutes from UTC in `zone` at `instant` (e.g. -300 for Eastern standard time). */
export function offsetMinutesAt(zone: string, instant: Date): number {
  const key = `${zone}|${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const minutes = offsetFromIntl(zone, instant);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, minutes);
  return minutes;
}

function offsetFromIntl(zone: string, instant: Date): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, format);
  }
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The UTC instant of a wall-clock time in `zone` ('YYYY-MM-DDTHH:mm[:ss]'): the offset is looked up
 * at the guess and once more after it, which settles the hour around a daylight-saving change.
 */
export function instantOfWallClock(wallClock: string, zone: string): Date {
  const asUtc = Date.parse(`${wallClock.length === 16 ? `${wallClock}:00` : wallClock}Z`);
  let instant = asUtc - offsetMinutesAt(zone, new Date(asUtc)) * 60_000;
  instant = asUtc - offsetMinutesAt(zone, new Date(instant)) * 60_000;
  return new Date(instant);
}

/** A fixed offset for a wall-clock time when the place's zone is unknown (e.g. the shipment's origin offset). */
export function instantOfWallClockAtOffset(wallClock: string, offsetMinutes: number): Date {
  const asUtc = Date.parse(`${wallClock.length === 16 ? `${wallClock}:00` : wallClock}Z`);
  return new Date(asUtc - offsetMinutes * 60_000);
}
