// The accounting remote, container `accounting` (see ../ui/build/federation.ts). Served by the gateway at
// /remotes/accounting/; the shells find it through GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../ui/build/federation.ts';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'accounting',
  exposes: {
    './OverCreditNotice': './src/OverCreditNotice.tsx',
    './AccountingSummary': './src/AccountingSummary.tsx',
    './InvoicesPage': './src/InvoicesPage.tsx',
    './AccountingSyncPage': './src/AccountingSyncPage.tsx',
  },
  devPort: 3107,
});
