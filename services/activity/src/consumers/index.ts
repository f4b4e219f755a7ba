// The activity service's consumers: the shipments service's status changes and notes into entries, and
// shipment.updated, organization.changed and user.changed into its read models — each event exactly once,
// in the transaction that records it (the platform's durable consumer). The names are the durable
// consumers' names in JetStream: kept as they are.
import {
  type OrganizationChangedV1,
  type ShipmentNoteAddedV1,
  type ShipmentStatusChangedV1,
  subjects,
  type UserChangedV1,
} from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { emailReceived } from '../app/email.ts';
import {
  noteAdded,
  organizationChanged,
  shipmentUpdated,
  statusChanged,
  userChanged,
} from '../app/events.ts';
import type { ActivityDeps } from '../service.ts';
import type { ActivityTables } from '../store/tables.ts';

export function activityConsumers(deps: ActivityDeps) {
  const activities: ConsumerDefinition<
    typeof subjects.shipmentStatusChanged | typeof subjects.shipmentNoteAdded,
    ActivityTables
  > = {
    name: 'shipment-activities',
    subjects: [subjects.shipmentStatusChanged, subjects.shipmentNoteAdded],
    async handle(event, trx) {
      if (event.subject === subjects.shipmentStatusChanged)
        await statusChanged(deps, trx, event.data as ShipmentStatusChangedV1, event);
      else await noteAdded(deps, trx, event.data as ShipmentNoteAddedV1, event);
    },
  };
  const shipments: ConsumerDefinition<typeof subjects.shipmentUpdated, ActivityTables> = {
    name: 'shipments-read-model',
    subjects: [subjects.shipmentUpdated],
    handle: (event, trx) => shipmentUpdated(trx, event.data, event),
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
