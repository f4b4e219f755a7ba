import { loadConfig, runLegacyService } from '@loadline/platform';
import { buildApp, type CarriersTables, defaultPort, migrations, seedDemoData, serviceName } from './app.ts';

await runLegacyService<CarriersTables>({
  config: loadConfig(serviceName, defaultPort),
  migrations,
  build: (runtime) => buildApp(runtime, { scheduleJobs: true }),
  seed: (runtime) => seedDemoData(runtime),
});
