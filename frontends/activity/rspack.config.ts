// The activity remote, container `activity` (see ../ui/build/federation.ts). Served by the gateway at
// /remotes/activity/; the shells find it through GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../ui/build/federation.ts';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'activity',
  exposes: {
    './ShipmentActivityLog': './src/ShipmentActivityLog.tsx',
    './ShipmentActivityLogModal': './src/ShipmentActivityLogModal.tsx',
    './OrganizationActivityLog': './src/OrganizationActivityLog.tsx',
    './CarrierActivityLog': './src/CarrierActivityLog.tsx',
    './StaffFavoriteToggle': './src/StaffFavoriteToggle.tsx',
  },
  devPort: 3104,
});
