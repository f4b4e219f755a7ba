// The directory's HTTP doors, registered in one place with the shared schemas they refer to.
import { type App, ErrorBodySchema } from '@loadline/platform';
import type { DirectoryDeps } from '../service.ts';
import { lookupRoutes } from './lookups.ts';
import { mailboxRoutes } from './mailbox.ts';
import { organizationRoutes } from './organizations.ts';
import { Organization, SearchResult, StaffTypeaheadItem, User, UserDetails } from './schemas.ts';
import { userRoutes } from './users.ts';

export function registerHttp(app: App, deps: DirectoryDeps): void {
  app.addSchema(ErrorBodySchema);
  app.addSchema(Organization);
  app.addSchema(SearchResult);
  app.addSchema(StaffTypeaheadItem);
  app.addSchema(User);
  app.addSchema(UserDetails);
  organizationRoutes(app, deps);
  userRoutes(app, deps);
  lookupRoutes(app, deps);
  mailboxRoutes(app, deps);
}
