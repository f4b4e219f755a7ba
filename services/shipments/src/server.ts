import { runService } from '@loadline/platform';
import { shipmentsService } from './service.ts';

await runService(shipmentsService);
