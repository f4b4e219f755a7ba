// The carriers a universal search finds (domain/universal-search.ts): the broker's own list, favorites first.
import { sql } from 'kysely';
import type { CarrierHit } from '../domain/universal-search.ts';
import type { Db } from './carriers.ts';

export async function searchBrokerCarriers(
  db: Db,
  brokerId: string,
  patterns: { text: string; digits: string | null },
  limit: number,
): Promise<CarrierHit[]> {
  const rows = await db
    .selectFrom('broker_carrier as bc')
    .innerJoin('carrier_master as m', 'm.carrier_master_id', 'bc.carrier_master_id')
    .select(['m.carrier_master_id', 'm.name', 'm.scac', 'm.mc_number', 'm.dot_number', 'bc.status'])
    .where('bc.broker_id', '=', brokerId)
    .where((eb) => {
      const any = [
        eb(sql`lower(m.name)`, 'like', `%${patterns.text}%`),
        eb(sql`lower(coalesce(m.scac, ''))`, 'like', `${patterns.text}%`),
      ];
      if (patterns.digits) {
        any.push(
          eb(sql`regexp_replace(coalesce(m.mc_number, ''), '\\D', '', 'g')`, 'like', `${patterns.digits}%`),
        );
        any.push(eb(sql`coalesce(m.dot_number, '')`, 'like', `${patterns.digits}%`));
      }
      return eb.or(any);
    })
    .orderBy('bc.favorite', 'desc')
    .orderBy('m.name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    carrierMasterId: r.carrier_master_id,
    name: r.name,
    scac: r.scac,
    mcNumber: r.mc_number,
    dotNumber: r.dot_number,
    status: r.status,
  }));
}
