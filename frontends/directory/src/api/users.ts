// The directory's user calls the staff pages make (001 §2), through the shell's one gateway client.
import { type GatewayClient, outcomeOf, type RequestBody, type ResponseBody } from '@loadline/ui';

/** One user with its organization and what the signed-in user may change of it. */
export type UserDetails = ResponseBody<'/api/users/{userId}', 'get'>;
export type UserChange = RequestBody<'/api/users/{userId}', 'put'>;

export const getUser = (client: GatewayClient, userId: string) =>
  outcomeOf(client.GET('/api/users/{userId}', { params: { path: { userId } } }));

export const changeUser = (client: GatewayClient, userId: string, body: UserChange) =>
  outcomeOf(client.PUT('/api/users/{userId}', { params: { path: { userId } }, body }));
