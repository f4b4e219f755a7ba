import { runService } from '@loadline/platform';
import { activityService } from './service.ts';

await runService(activityService);
