import { loadConfig, runService } from '@loadline/platform';
import { buildApp, defaultPort, migrations, seedDemoData, serviceName } from './app.ts';

await runService({
  config: loadConfig(serviceName, defaultPort),
  migrations,
  build: (runtime) => buildApp(runtime),
  seed: seedDemoData,
});
