import { runService } from '@loadline/platform';
import { accountingService } from './service.ts';

await runService(accountingService);
