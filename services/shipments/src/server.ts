import { loadConfig, runLegacyService } from '@loadline/platform';
import { buildApp, defaultPort, migrations, seedDemoData, serviceName } from './app.ts';

await runLegacyService({
  config: loadConfig(serviceName, defaultPort),
  migrations,
  build: buildApp,
  seed: seedDemoData,
});
