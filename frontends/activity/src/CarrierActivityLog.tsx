// Exposed as `activity/CarrierActivityLog` (props: CarrierActivityLogProps in @loadline/ui's remotes.ts): a
// broker carrier's activity log for broker staff (000 §2 item 9, §3), mounted by the carriers remote's
// carrier details preview.
import type { CarrierActivityLogProps } from '@loadline/ui';
import { useCallback, useMemo } from 'react';
import { useActivityCalls } from './api/client.ts';
import { NotesLog } from './components/NotesLog/index.ts';
import { carrierLogRules } from './rules/notes.ts';

export type { CarrierActivityLogProps };

export function CarrierActivityLog({ carrierMasterId, permissions }: CarrierActivityLogProps) {
  const calls = useActivityCalls();
  const rules = useMemo(() => carrierLogRules(carrierMasterId, permissions), [carrierMasterId, permissions]);
  const load = useCallback(() => calls.carrierLog(carrierMasterId), [calls, carrierMasterId]);
  return (
    <NotesLog
      title="Carrier activity log"
      rules={rules}
      logKey={`carrier:${carrierMasterId}`}
      load={load}
      add={calls.addCarrierActivity}
    />
  );
}

export default CarrierActivityLog;
