// The carriers remote, container `carriers` (see ../ui/build/federation.ts). Served by the gateway at
// /remotes/carriers/; the shells find it through GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../ui/build/federation.ts';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'carriers',
  exposes: {
    './CarrierScore': './src/CarrierScore.tsx',
    './CarrierPreview': './src/CarrierPreview.tsx',
    './CarrierCardPlugin': './src/CarrierCardPlugin.tsx',
    './CarrierDetailsPage': './src/CarrierDetailsPage.tsx',
    './CarriersPage': './src/CarriersPage.tsx',
  },
  devPort: 3106,
});
