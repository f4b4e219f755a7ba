// The create call's own schema (ShipmentCreate) as a check the importer's jobs run on each row: an imported
// row is held to every limit an order sent to POST /api/shipments is, from the one place they are stated (a
// 300-character company name once passed the review and was refused by the shipment.updated event's schema
// at the import, which then retried). Handed to the jobs by service.ts; the jobs never import http/.
import { fieldsValidator, HttpError } from '@loadline/platform';
import type { OrderLimits } from '../app/bulk-import.ts';
import { ShipmentCreate } from './schemas.ts';

const validate = fieldsValidator(ShipmentCreate);

export const orderLimits: OrderLimits = (input) => {
  try {
    validate(input);
    return [];
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return Object.entries(error.errors ?? {}).flatMap(([key, messages]) =>
      messages.map((message) => ({ field: key.replace(/^model\./, ''), message })),
    );
  }
};
