import { runService } from '@loadline/platform';
import { carriersService } from './service.ts';

await runService(carriersService);
