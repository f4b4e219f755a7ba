// Route-schema pieces every service uses, so the OpenAPI documents agree.
import Type from 'typebox';

/** A day of the calendar, 'YYYY-MM-DD', defined once with the event contracts that carry dates too. */
export { CalendarDate } from '@loadline/contracts/events';

/** The one error shape (see errors.ts), as the OpenAPI documents describe it. */
export const ErrorBodySchema = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody' },
);
