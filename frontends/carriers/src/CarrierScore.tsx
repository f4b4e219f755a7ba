// Exposed as carriers/CarrierScore (RemoteModuleIds.carrierScore): the carrier score widget (000 §2 item 8).
import type { CarrierScoreProps } from '@loadline/ui';
import { CarrierScoreWidget } from './components/CarrierScoreWidget/index.ts';

export default function CarrierScore({ carrierMasterId, compact }: CarrierScoreProps) {
  return <CarrierScoreWidget carrierMasterId={carrierMasterId} compact={compact ?? false} />;
}
