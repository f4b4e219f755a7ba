// The one error shape every service answers with:
//   { statusCode, error, message, errors?, requestId }
// `errors` maps `model.<field>` to its messages: the screens show the entries whose key
// contains 'model.' (spec 000 §5, "Model validation errors are taken from 400 responses").
// A message and `errors` are bounded (decision 0011): the error handler cuts what a route gives it.

export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldErrors;
  requestId?: string;
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  constructor(statusCode: number, message: string, errors?: FieldErrors) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
  get reason(): string {
    return reasons[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
/** 403 to a customer on a door only broker staff may use: one text wherever the rule is checked. */
export const staffOnly = () => forbidden('Only broker staff can do this.');
/** 403 to staff whose account hides exports (`hidesExports`): one text for every export. */
export const exportingTurnedOff = () => forbidden('Exporting is turned off for your account.');
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function reasonOf(statusCode: number): string {
  return reasons[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Error');
}
