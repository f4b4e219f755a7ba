// Types of the gateway's API, derived from the OpenAPI types generated into @loadline/contracts
// (contracts/types/gateway.ts, `npm run contracts`). Nothing here is written by hand: each name is a path
// into `paths`, so a change on the server shows up here as a type error.

import type { paths } from '@loadline/contracts/types/gateway';

export type GatewayPaths = paths;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the first 2xx answer of `method` on `path`. */
export type ResponseBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: infer R;
}
  ? JsonOf<R[Extract<keyof R, 200 | 201 | 204 | '200' | '201'>]>
  : never;

/** The JSON request body of `method` on `path`. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

/** The JSON body of a 400 answer: the server's one error shape. */
export type ErrorBody = paths['/api/systemalerts']['get'] extends { responses: { 400: infer R } } ? JsonOf<R> : never;

export type CurrentUser = ResponseBody<'/api/auth/me', 'get'>;
export type ShellConfig = ResponseBody<'/api/config', 'get'>;
export type Organization = ResponseBody<'/api/organizations', 'get'> extends readonly (infer O)[] ? O : never;
export type SystemAlertsAnswer = ResponseBody<'/api/systemalerts', 'get'>;
export type SystemAlert = SystemAlertsAnswer extends { systemAlerts: readonly (infer A)[] } ? A : never;
export type UniversalSearchResult = ResponseBody<'/api/universalSearch/organizations', 'get'> extends readonly (infer R)[]
  ? R
  : never;
export type SupportRequestBody = RequestBody<'/api/support/create', 'post'>;
export type LoginBody = RequestBody<'/api/auth/login', 'post'>;
