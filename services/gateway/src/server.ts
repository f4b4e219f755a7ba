import { runService } from '@loadline/platform';
import { gatewayService } from './service.ts';

await runService(gatewayService);
