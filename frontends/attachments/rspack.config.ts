// The attachments remote, container `attachments` (see ../ui/build/federation.ts). Served by the gateway at
// /remotes/attachments/; the shells find it through GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../ui/build/federation.ts';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'attachments',
  exposes: {
    './ShipmentAttachments': './src/ShipmentAttachments.tsx',
    './DocumentSender': './src/DocumentSender.tsx',
    './BulkEmailSender': './src/BulkEmailSender.tsx',
    './TrackingStatusRequestSender': './src/TrackingStatusRequestSender.tsx',
    './InboundEmailPage': './src/InboundEmailPage.tsx',
    './ContentTemplatesPage': './src/ContentTemplatesPage.tsx',
  },
  devPort: 3105,
});
