import { runService } from '@loadline/platform';
import { attachmentsService } from './service.ts';

await runService(attachmentsService);
