// The carrier terminals in SQL: the carrier a code names and the terminals it keeps (the terminal page).
import type { Terminal } from '../domain/terminals.ts';
import type { Db } from './carriers.ts';

/** The carrier whose SCAC is `code`, if any. */
export async function carrierByCode(
  db: Db,
  code: string,
): Promise<{ carrierMasterId: string; name: string } | undefined> {
  const row = await db
    .selectFrom('carrier_master')
    .select(['carrier_master_id', 'name'])
    .where('scac', '=', code)
    .executeTakeFirst();
  return row ? { carrierMasterId: row.carrier_master_id, name: row.name } : undefined;
}

/** A carrier's terminals, by code. */
export async function terminalsOf(db: Db, carrierMasterId: string): Promise<Terminal[]> {
  const rows = await db
    .selectFrom('carrier_terminal')
    .selectAll()
    .where('carrier_master_id', '=', carrierMasterId)
    .orderBy('code')
    .execute();
  return rows.map((t) => ({
    code: t.code,
    name: t.name,
    streetAddress: t.street_address,
    city: t.city,
    state: t.state,
    zipCode: t.zip_code,
    phone: t.phone,
    contactName: t.contact_name,
    servedZipPrefixes: t.served_zip_prefixes,
  }));
}
