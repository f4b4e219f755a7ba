import { loadConfig, runService } from '@loadline/platform';
import { buildApp, type CarriersTables, defaultPort, migrations, seedDemoData, serviceName } from './app.ts';

await runService<CarriersTables>({
  config: loadConfig(serviceName, defaultPort),
  migrations,
  build: (runtime) => buildApp(runtime, { scheduleJobs: true }),
  seed: (runtime) => seedDemoData(runtime),
});
