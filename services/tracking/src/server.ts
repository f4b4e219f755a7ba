import { loadConfig, runLegacyService } from '@loadline/platform';
import { buildApp, defaultPort, migrations, seedDemoData, serviceName, type TrackingTables } from './app.ts';
import { zipIndex } from './geo/zip-data.ts';

// Loaded before listening, so the first ZIP search does not pay for reading the dataset.
zipIndex();
await runLegacyService<TrackingTables>({
  config: loadConfig(serviceName, defaultPort),
  migrations,
  build: (runtime) => buildApp(runtime),
  seed: (runtime) => seedDemoData(runtime),
});
