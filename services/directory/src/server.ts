import { runService } from '@loadline/platform';
import { directoryService } from './service.ts';

await runService(directoryService);
