// The first GETs (config, session, alerts) go out now, while the bootstrap's chunks download and run.
import { startEarlyRequests } from '@loadline/ui/early-requests';

startEarlyRequests({ alertsArea: 'frontoffice' });
// Module Federation needs an async boundary before any shared module is used (STACK-NOTES: #RUNTIME-006).
import('./bootstrap.tsx');
