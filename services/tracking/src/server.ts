import { runService } from '@loadline/platform';
import { zipIndex } from './adapters/zip-data.ts';
import { trackingService } from './service.ts';

// Loaded before listening, so the first ZIP search does not pay for reading the dataset.
zipIndex();
await runService(trackingService);
