// HTTP doors of the staff favorites (001 §3, §4, §7): parse → app → present.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { favoritesOf, toggleFavorite } from '../app/favorites.ts';
import type { ActivityDeps } from '../service.ts';
import { favoriteOut } from './present.ts';
import { errors, ShipmentIdParam, StaffFavoriteToggle } from './schemas.ts';

export function favoriteRoutes(app: App, deps: ActivityDeps): void {
  app.get(
    '/api/staffFavorites/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['favorites'],
        summary:
          "A shipment's staff favorites (001 §3): every staff member's and the team's assignment, with its status and flags",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Array(Type.Ref('StaffFavorite')), ...errors },
      },
    },
    async (request) =>
      (await favoritesOf(deps, callerOf(request), request.params.shipmentId)).map(favoriteOut),
  );

  app.post(
    '/api/staffFavorites',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['favorites'],
        summary:
          "Toggles the caller's (or with isTeam the team's) favorite on a shipment (001 §4): not assigned → active (scheduled after `delay` minutes) → completed → not assigned",
        body: StaffFavoriteToggle,
        response: { 200: Type.Ref('StaffFavorite'), ...errors },
      },
    },
    async (request) => favoriteOut(await toggleFavorite(deps, callerOf(request), request.body)),
  );
}
