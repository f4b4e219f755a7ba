// The broker's carrier list in SQL (domain/carrier-list.ts): one page of a broker's carriers with the
// total, then the certificates of that page's carriers, which the domain judges for the day.
import { type Expression, type SqlBool, sql } from 'kysely';
import type { CarrierListFilter, CarrierListOrder, CarrierListRow } from '../domain/carrier-list.ts';
import type { Db } from './carriers.ts';

/**
 * The date a broker carrier's insurance status turns on: each coverage (insurance type, as the domain
 * groups them: trimmed, any case) by its latest certificate, then the earliest of those; null without any.
 */
const insuranceExpiry = sql`(
  select min(latest) from (
    select max(ci.expiration_date) as latest
    from carrier_insurance ci
    where ci.broker_carrier_id = bc.broker_carrier_id
    group by lower(regexp_replace(ci.insurance_type, '^\\s+|\\s+$', '', 'g'))
  ) coverage
)`;

/** ORDER BY of the order asked (domain/carrier-list.ts): the column, then name and id as tie-breakers. */
function orderOf({ sort, direction }: CarrierListOrder) {
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  const byName = sql`lower(m.name) asc, m.carrier_master_id asc`;
  switch (sort) {
    case 'name':
      return sql`lower(m.name) ${dir}, m.carrier_master_id ${dir}`;
    case 'status':
      return sql`bc.status ${dir}, ${byName}`;
    case 'insuranceExpiry':
      // no insurance on file: the earliest, so first A to Z and last Z to A
      return sql`${insuranceExpiry} ${dir} ${direction === 'desc' ? sql`nulls last` : sql`nulls first`}, ${byName}`;
    case 'city':
      // no city or state: last either way
      return sql`lower(m.city) ${dir} nulls last, lower(m.state) ${dir} nulls last, ${byName}`;
  }
}

export async function listBrokerCarrierRows(
  db: Db,
  brokerId: string,
  filter: CarrierListFilter,
  order: CarrierListOrder,
  page: { offset: number; pageSize: number },
): Promise<{ rows: CarrierListRow[]; totalCount: number }> {
  const matching = db
    .selectFrom('broker_carrier as bc')
    .innerJoin('carrier_master as m', 'm.carrier_master_id', 'bc.carrier_master_id')
    .where('bc.broker_id', '=', brokerId)
    .$if(filter.status !== null, (q) => q.where('bc.status', '=', filter.status!))
    .$if(filter.outOfComplianceOnly, (q) => q.where('bc.in_compliance', '=', false))
    .$if(filter.prefix !== null, (q) =>
      q.where((eb) => {
        const any: Expression<SqlBool>[] = [
          eb(sql`lower(m.name)`, 'like', filter.prefix!),
          eb(sql`lower(coalesce(m.scac, ''))`, 'like', filter.prefix!),
          eb(sql`lower(coalesce(m.mc_number, ''))`, 'like', filter.prefix!),
        ];
        if (filter.digitsPrefix) {
          any.push(
            eb(sql`regexp_replace(coalesce(m.mc_number, ''), '\\D', '', 'g')`, 'like', filter.digitsPrefix),
            eb(sql`regexp_replace(coalesce(m.dot_number, ''), '\\D', '', 'g')`, 'like', filter.digitsPrefix),
          );
        }
        return eb.or(any);
      }),
    );
  const found = await matching
    .select([
      'bc.broker_carrier_id',
      'm.carrier_master_id',
      'm.name',
      'm.scac',
      'm.mc_number',
      'm.dot_number',
      'm.city',
      'm.state',
      'bc.status',
      'bc.favorite',
      'bc.inherited',
      'm.authority',
      'm.dot_status',
      'm.carrier_rating',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .orderBy(orderOf(order))
    .limit(page.pageSize)
    .offset(page.offset)
    .execute();
  // A page past the last has no row to carry the total: count alone.
  const totalCount =
    found.length > 0
      ? Number(found[0]!.total)
      : page.offset === 0
        ? 0
        : Number((await matching.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()).total);
  const ids = found.map((r) => r.broker_carrier_id);
  const insurances =
    ids.length === 0
      ? []
      : await db
          .selectFrom('carrier_insurance')
          .select([
            'broker_carrier_id',
            'insurance_type',
            sql<string>`expiration_date::text`.as('expiration_date'),
          ])
          .where('broker_carrier_id', 'in', ids)
          .execute();
  return {
    totalCount,
    rows: found.map((r) => ({
      brokerCarrierId: r.broker_carrier_id,
      carrierMasterId: r.carrier_master_id,
      name: r.name,
      scac: r.scac,
      mcNumber: r.mc_number,
      dotNumber: r.dot_number,
      city: r.city,
      state: r.state,
      status: r.status,
      favorite: r.favorite,
      inherited: r.inherited,
      authority: r.authority,
      dotStatus: r.dot_status,
      carrierRating: r.carrier_rating,
      insurances: insurances
        .filter((i) => i.broker_carrier_id === r.broker_carrier_id)
        .map((i) => ({ insuranceType: i.insurance_type, expirationDate: i.expiration_date })),
    })),
  };
}
