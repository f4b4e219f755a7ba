// Locations: written in batches (one statement for the rows, one for the shipments' last
// location), read newest first from the shipment's index, moved to the archive by the nightly job.
import { LOCATIONS_PER_EVENT, type LocationAddedV1, subjects } from '@loadline/contracts/events';
import { type EventWriter, type Kysely, sql } from '@loadline/platform';
import type { LocationSource, PlacedLocation, RecordedLocation } from '../domain/locations.ts';
import type { ShipmentRow } from './shipments.ts';
import type { TrackingTables } from './tables.ts';

type Db = Kysely<TrackingTables>;

/** At most this many locations of a shipment in one answer (the newest). */
export const HISTORY_LIMIT = 2000;

export interface NewLocation extends PlacedLocation {
  shipmentId: number;
  /**
   * The event a status update's check call came from: a location of an event already stored is not added
   * again (its consumer keeps no handled marks, decision 0048).
   */
  sourceEventId?: string;
}

export interface Actor {
  userId: string;
  name: string;
}

/**
 * Inserts locations of shipments already read (in scope), moves each shipment's last location when
 * a new one is as new or newer, and writes one locations.added event for the batch (one per
 * LOCATIONS_PER_EVENT locations), all in the caller's transaction. Returns the stored locations in input order
 * (a status update's check call whose event has its row already is not added again, nor returned).
 */
export async function insertLocations(
  trx: Db,
  events: EventWriter<TrackingTables>,
  shipments: ReadonlyMap<number, ShipmentRow>,
  given: readonly NewLocation[],
  source: LocationSource,
  actor: Actor | null,
): Promise<RecordedLocation[]> {
  if (given.length === 0) return [];
  // The rows as one JSON parameter, a row an array of the columns in the statement's order (decision
  // 0064): JSON.stringify writes 500 rows for about 2 µs a row less than node-postgres spent escaping
  // eleven arrays of them element by element; PostgreSQL reads them for about 0.6 µs a row more.
  const times = given.map((l) => l.locationDateTime.toISOString());
  const rowsJson = JSON.stringify(
    given.map((l, i) => [
      l.shipmentId,
      l.locationType,
      l.latitude,
      l.longitude,
      l.locationStringFull,
      l.city,
      l.state,
      l.zipCode,
      l.country,
      times[i],
      l.utcOffsetMinutes,
      l.sourceEventId?.toLowerCase() ?? null,
    ]),
  );
  // One statement (one round trip): the newest location of each shipment before this batch (index-only
  // reads; the statement's snapshot does not see its own insert), and the new rows' ids — assigned in
  // the batch's order, so sorted they line up with it. A status update's check call whose event has its
  // row already (the same event delivered again) is skipped by the unique index on the event, and so is
  // a second one of the same event in the batch; the rows added say which went in. A new location newer
  // than the one before, and the newest of the batch, is now the shipment's most recent. No shipment
  // row is written, so batches for the same shipments never wait on each other.
  const ids = [...new Set(given.map((l) => l.shipmentId))];
  // Only a batch with events asks: checking for a conflict makes every row a speculative insert, which
  // the check-call ingest (no events) would pay for on each of its rows.
  const skipEventsStored = given.some((l) => l.sourceEventId)
    ? sql`on conflict (source_event_id) where source_event_id is not null do nothing`
    : sql``;
  const { rows } = await sql<{
    added: { location_id: number; source_event_id: string | null }[] | null;
    before: { shipment_id: number; newest: string | null }[];
  }>`
    with before as (
      select s.id as shipment_id,
        (select l.location_date_time from location l where l.shipment_id = s.id
         order by l.location_date_time desc, l.location_id desc limit 1 offset 0) as newest
      from unnest(${ids}::bigint[]) as s(id)),
    added as (
      insert into location (shipment_id, location_type, latitude, longitude, location_string_full, city, state,
        zip_code, country, location_date_time, utc_offset_minutes, source_event_id, source, added_by_user_id,
        added_by_name)
      select (r->>0)::bigint, (r->>1)::smallint, (r->>2)::float8, (r->>3)::float8, r->>4, r->>5, r->>6,
        r->>7, r->>8, (r->>9)::timestamptz, (r->>10)::smallint, (r->>11)::uuid,
        ${source}, ${actor?.userId ?? null}, ${actor?.name ?? null}
      from jsonb_array_elements(${rowsJson}::jsonb) with ordinality as u(r, n)
      order by n
      ${skipEventsStored}
      returning location_id, source_event_id)
    select (select json_agg(json_build_object('location_id', location_id, 'source_event_id', source_event_id)
        order by location_id) from added) as added,
      (select json_agg(json_build_object('shipment_id', shipment_id, 'newest', newest)) from before) as before`.execute(
    trx,
  );
  const { added: addedRows, before } = rows[0]!;
  const { locations, locationIds, locationTimes } = keptInOrder(given, times, addedRows ?? []);
  if (locations.length === 0) return [];

  const newestBefore = new Map(
    before.map((r) => [Number(r.shipment_id), r.newest === null ? null : new Date(r.newest).getTime()]),
  );
  // Each shipment's newest of the batch (the later entry for the same instant), by position in the batch.
  const newest = new Map<number, number>();
  for (let i = 0; i < locations.length; i++) {
    const l = locations[i]!;
    const best = newest.get(l.shipmentId);
    if (best === undefined || l.locationDateTime.getTime() >= locations[best]!.locationDateTime.getTime())
      newest.set(l.shipmentId, i);
  }
  const mostRecent = new Set<number>();
  for (const [shipmentId, i] of newest) {
    const previous = newestBefore.get(shipmentId);
    if (previous === undefined || previous === null || locations[i]!.locationDateTime.getTime() >= previous)
      mostRecent.add(i);
  }

  const addedBy = actor?.name ?? null;
  const result: RecordedLocation[] = locations.map((l, i) => ({
    ...l,
    locationId: locationIds[i]!,
    mostRecentLocation: mostRecent.has(i),
    source,
    addedBy,
    archived: false,
  }));
  // One event per batch (issue 19): an outbox row and a published message per location cost PostgreSQL
  // and the relay more than the location row itself, and the relay fell behind a burst of check calls.
  const added = result.map((l, i): LocationAddedV1 => {
    const shipment = shipments.get(l.shipmentId)!;
    return {
      locationId: l.locationId,
      shipmentId: l.shipmentId,
      brokerId: shipment.broker_id,
      customerOrganizationId: shipment.customer_organization_id,
      locationType: l.locationType as LocationAddedV1['locationType'],
      latitude: l.latitude,
      longitude: l.longitude,
      locationStringFull: l.locationStringFull.slice(0, 400),
      city: l.city,
      state: l.state,
      zipCode: l.zipCode,
      country: l.country,
      locationDateTime: locationTimes[i]!,
      utcOffsetMinutes: l.utcOffsetMinutes,
      mostRecentLocation: l.mostRecentLocation,
      source,
      addedBy: actor,
    };
  });
  const chunks = [];
  for (let i = 0; i < added.length; i += LOCATIONS_PER_EVENT)
    chunks.push({
      subject: subjects.locationsAdded,
      data: { locations: added.slice(i, i + LOCATIONS_PER_EVENT) },
    });
  await events.appendEvents(trx, chunks);
  return result;
}

/**
 * The locations that went in, in the batch's order, with their ids: every one without an event, and the
 * first of each event that had no row yet. The ids were assigned in the batch's order, so sorted they line
 * up with the locations that went in.
 */
function keptInOrder(
  given: readonly NewLocation[],
  times: readonly string[],
  added: readonly { location_id: number; source_event_id: string | null }[],
): { locations: NewLocation[]; locationIds: number[]; locationTimes: string[] } {
  const addedEvents = new Set(added.flatMap((r) => (r.source_event_id ? [r.source_event_id] : [])));
  const locations: NewLocation[] = [];
  const locationTimes: string[] = [];
  for (let i = 0; i < given.length; i++) {
    const l = given[i]!;
    if (l.sourceEventId) {
      // as PostgreSQL writes a uuid back: lowercase (the contract's format takes either case)
      const event = l.sourceEventId.toLowerCase();
      if (!addedEvents.has(event)) continue;
      addedEvents.delete(event);
    }
    locations.push(l);
    locationTimes.push(times[i]!);
  }
  // a location paired with another's id would be announced wrong: the transaction fails instead
  if (locations.length !== added.length)
    throw new Error(`${added.length} locations went in, but ${locations.length} are taken for them`);
  return { locations, locationIds: added.map((r) => Number(r.location_id)), locationTimes };
}

type LocationRow = Pick<
  Omit<TrackingTables['location'], 'location_id'> & { location_id: number },
  (typeof historyColumns)[number]
>;

const toStored = (row: LocationRow, mostRecent: boolean, archived: boolean): RecordedLocation => ({
  locationId: Number(row.location_id),
  shipmentId: Number(row.shipment_id),
  locationType: row.location_type,
  latitude: row.latitude,
  longitude: row.longitude,
  locationStringFull: row.location_string_full,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  country: row.country,
  locationDateTime: row.location_date_time,
  utcOffsetMinutes: row.utc_offset_minutes,
  mostRecentLocation: mostRecent,
  source: row.source,
  addedBy: row.added_by_name,
  archived,
});

/** What the history shows: the columns the history index holds (an index-only scan). */
const historyColumns = [
  'location_id',
  'shipment_id',
  'location_type',
  'latitude',
  'longitude',
  'location_string_full',
  'city',
  'state',
  'zip_code',
  'country',
  'location_date_time',
  'utc_offset_minutes',
  'source',
  'added_by_name',
] as const;

/** A shipment's locations, newest first (at most HISTORY_LIMIT); the first is the most recent. */
export async function listLocations(db: Db, shipmentId: number): Promise<RecordedLocation[]> {
  const rows = await db
    .selectFrom('location')
    .select(historyColumns)
    .where('shipment_id', '=', shipmentId)
    .orderBy('location_date_time', 'desc')
    .orderBy('location_id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.map((r, i) => toStored(r as LocationRow, i === 0, false));
}

/** The newest location of a shipment, live or else archived (the last known location, 000 §3). */
export async function lastLocation(db: Db, shipmentId: number): Promise<RecordedLocation | undefined> {
  for (const table of ['location', 'location_archive'] as const) {
    const row = await db
      .selectFrom(table)
      .select(historyColumns)
      .where('shipment_id', '=', shipmentId)
      .orderBy('location_date_time', 'desc')
      .orderBy('location_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row)
      return toStored(row as unknown as LocationRow, table === 'location', table === 'location_archive');
  }
  return undefined;
}

/** A shipment's archived locations, newest first. */
/** When the newest location a source reported for a shipment was (e.g. the carrier's tracking), if any. */
export async function newestReportOf(db: Db, shipmentId: number, source: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('location')
    .select((eb) => eb.fn.max('location_date_time').as('at'))
    .where('shipment_id', '=', shipmentId)
    .where('source', '=', source)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : undefined;
}

export async function listArchivedLocations(db: Db, shipmentId: number): Promise<RecordedLocation[]> {
  const rows = await db
    .selectFrom('location_archive')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('location_date_time', 'desc')
    .orderBy('location_id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.map((r) => toStored(r as unknown as LocationRow, false, true));
}

/**
 * Moves up to `batch` locations of shipments past delivered before `cutoff` into the archive, in
 * one statement (a row is never in both tables nor in neither). Returns how many moved.
 */
export async function archiveBatch(db: Db, cutoff: Date, batch: number): Promise<number> {
  const { rows } = await sql<{ moved: number }>`
    with picked as (
      select l.location_id from location l
      join shipment s on s.shipment_id = l.shipment_id
      where s.past_delivered_at is not null and s.past_delivered_at < ${cutoff.toISOString()}::timestamptz
      limit ${batch}
      for update of l skip locked
    ), moved as (
      delete from location l using picked where l.location_id = picked.location_id
      returning l.*
    ), archived as (
      insert into location_archive (location_id, shipment_id, location_type, latitude, longitude,
        location_string_full, city, state, zip_code, country, location_date_time, utc_offset_minutes, source,
        added_by_user_id, added_by_name, created_at)
      select location_id, shipment_id, location_type, latitude, longitude, location_string_full, city, state,
        zip_code, country, location_date_time, utc_offset_minutes, source, added_by_user_id, added_by_name,
        created_at from moved
      returning 1
    )
    select count(*)::int as moved from archived`.execute(db);
  return rows[0]?.moved ?? 0;
}
