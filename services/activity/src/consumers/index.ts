// The activity service's consumers: the shipments service's status changes and notes into entries (inside
// shipment.updated since decision 0048; status.changed and note.added still taken: notes written apart from
// a status update, and events published before), and shipment.updated, organization.changed and
// user.changed into its read models — each event exactly once,
// in the transaction that records it (the platform's durable consumer). The names are the durable
// consumers' names in JetStream: kept as they are.
import { type OrganizationChangedV1, subjects, type UserChangedV1 } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { emailReceived } from '../app/email.ts';
import { organizationChanged, shipmentEvents, shipmentsUpdated, userChanged } from '../app/events.ts';
import type { ActivityDeps } from '../service.ts';
import type { ActivityTables } from '../store/tables.ts';

export function activityConsumers(deps: ActivityDeps) {
  const activities: ConsumerDefinition<
    typeof subjects.shipmentStatusChanged | typeof subjects.shipmentNoteAdded,
    ActivityTables
  > = {
    name: 'shipment-activities',
    subjects: [subjects.shipmentStatusChanged, subjects.shipmentNoteAdded],
    // a batch's entries, their activity.changed and the read model in a few statements
    handleBatch: (events, trx) => shipmentEvents(deps, trx, events),
  };
  // The read model, and the entries of a status update's change and note (the one event it publishes,
  // decision 0048) in the same transaction. Idempotent, so no handled marks: the read model's rows are
  // version-guarded (an event again, or an older one, writes nothing), and each entry is keyed by the id it
  // is made from under a unique index (`on conflict do nothing`), its activity.changed written only when the
  // entry is.
  const shipments: ConsumerDefinition<typeof subjects.shipmentUpdated, ActivityTables> = {
    name: 'shipments-read-model',
    subjects: [subjects.shipmentUpdated],
    idempotent: true,
    handleBatch: (events, trx) => shipmentsUpdated(deps, trx, events),
  };
  const directory: ConsumerDefinition<
    typeof subjects.organizationChanged | typeof subjects.userChanged,
    ActivityTables
  > = {
    name: 'directory-read-model',
    subjects: [subjects.organizationChanged, subjects.userChanged],
    async handle(event, trx) {
      if (event.subject === subjects.organizationChanged)
        await organizationChanged(trx, event.data as OrganizationChangedV1);
      else await userChanged(trx, event.data as UserChangedV1);
    },
  };
  // Mail read from staff mailboxes (decision 0071): one Email entry per message.
  const emails: ConsumerDefinition<typeof subjects.emailReceived, ActivityTables> = {
    name: 'received-emails',
    subjects: [subjects.emailReceived],
    handle: (event, trx) => emailReceived(deps, trx, event.data),
  };
  return [activities, shipments, directory, emails];
}
