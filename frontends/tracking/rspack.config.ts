// The tracking remote, container `tracking` (see ../ui/build/federation.ts). Served by the gateway at
// /remotes/tracking/; the shells find it through GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../ui/build/federation.ts';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'tracking',
  exposes: {
    './ShipmentTracking': './src/ShipmentTracking.tsx',
    './ZipCodeSearchPage': './src/ZipCodeSearchPage.tsx',
    './TextMessagesPage': './src/TextMessagesPage.tsx',
  },
  devPort: 3103,
});
