// The front-office shell, a Module Federation host (see ../ui/build/federation.ts). Served by the gateway
// at /front-office/; remotes are registered at run time from GET /api/config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellConfig } from '../ui/build/federation.ts';

export default shellConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'shell_frontoffice',
  mount: '/front-office/',
  devPort: 3002,
});
