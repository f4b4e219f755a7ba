// The directory remote, container `directory` (see ../ui/build/federation.ts). Served by the gateway at
// /remotes/directory/; the shells find it through GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../ui/build/federation.ts';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'directory',
  exposes: {
    './OrganizationsPage': './src/OrganizationsPage.tsx',
    './StaffDetailsPage': './src/StaffDetailsPage.tsx',
    './StaffEditPage': './src/StaffEditPage.tsx',
    './MailboxConfiguration': './src/MailboxConfiguration.tsx',
    './EditSignature': './src/EditSignature.tsx',
  },
  devPort: 3101,
});
