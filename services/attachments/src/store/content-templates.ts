// SQL of a broker's templates (decision 0075): the one content_template table, by kind and number.
import type { Kysely } from '@loadline/platform';
import type { TemplateKind } from '../domain/content-templates.ts';
import type { AttachmentsTables } from './tables.ts';

type Db = Kysely<AttachmentsTables>;

export function findBrokerTemplate(db: Db, brokerId: string, kind: TemplateKind, number: number) {
  return db
    .selectFrom('content_template')
    .select(['template_type', 'name', 'subject', 'body', 'updated_by', 'updated_at'])
    .where('broker_id', '=', brokerId)
    .where('kind', '=', kind)
    .where('template_type', '=', number)
    .executeTakeFirst();
}

export function brokerTemplates(db: Db, brokerId: string, kind: TemplateKind) {
  return db
    .selectFrom('content_template')
    .select(['template_type', 'name', 'subject', 'body', 'updated_by', 'updated_at'])
    .where('broker_id', '=', brokerId)
    .where('kind', '=', kind)
    .orderBy('template_type')
    .execute();
}

/** Writes the broker's template of this kind and number (the one there was is replaced). */
export async function saveBrokerTemplate(
  db: Db,
  brokerId: string,
  kind: TemplateKind,
  number: number,
  template: { name: string | null; subject: string; body: string; updatedBy: string },
) {
  const values = {
    name: template.name,
    subject: template.subject,
    body: template.body,
    updated_by: template.updatedBy,
    updated_at: new Date(),
  };
  return db
    .insertInto('content_template')
    .values({ broker_id: brokerId, kind, template_type: number, ...values })
    .onConflict((oc) => oc.columns(['broker_id', 'kind', 'template_type']).doUpdateSet(values))
    .returning(['template_type', 'name', 'subject', 'body', 'updated_by', 'updated_at'])
    .executeTakeFirstOrThrow();
}
