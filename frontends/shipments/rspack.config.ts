// The shipments remote, container `shipments` (see ../ui/build/federation.ts). Served by the gateway at
// /remotes/shipments/; the shells find it through GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../ui/build/federation.ts';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'shipments',
  exposes: {
    './ShipmentGridPage': './src/ShipmentGridPage.tsx',
    './ShipmentDetailsPage': './src/ShipmentDetailsPage.tsx',
    // order entry (issue 17)
    './OrderPage': './src/order/OrderPage.tsx',
    './CustomerTrends': './src/order/CustomerTrends.tsx',
    './ShipmentImporterPage': './src/import/ShipmentImporterPage.tsx',
    './OnboardingGuidePage': './src/import/OnboardingGuidePage.tsx',
  },
  devPort: 3102,
});
