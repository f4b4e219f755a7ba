import { messages } from '@loadline/contracts';
import { toast } from '@loadline/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useShipmentsApi } from '../api/client.ts';
import { proNumberHasDuplicates } from '../api/shipments.ts';
import {
  createProNumberCheck,
  type ProNumberCheck,
  type ProNumberCheckState,
} from '../rules/proNumberCheck.ts';

/**
 * The pro-number duplicate check of the edit-status modal (000 §5): call `edit` on every keystroke; 500 ms
 * after the last one, with a carrier and at least 6 characters, it asks
 * GET /api/ShipmentUpdateStatus/proNumberHasDuplicates. A failed check toasts 'Error: Unable to validate
 * pro number.'
 */
export function useProNumberDuplicateCheck(options: {
  shipmentId: number;
  carrierId: string | null | undefined;
  referenceType: string;
}): { state: ProNumberCheckState; edit: (proNumber: string) => void } {
  const client = useShipmentsApi();
  const [state, setState] = useState<ProNumberCheckState>({ state: 'idle' });
  const latest = useRef(options);
  latest.current = options;
  const checker = useRef<ProNumberCheck | null>(null);

  useEffect(() => {
    const check = createProNumberCheck({
      check: async (proNumber, signal) => {
        const { shipmentId, carrierId, referenceType } = latest.current;
        const answer = await proNumberHasDuplicates(
          client,
          { shipmentId, carrierId: carrierId ?? '', proNumber, referenceType },
          signal,
        );
        if (!answer.ok) throw new Error(`proNumberHasDuplicates answered ${answer.status}`);
        return answer.data === true;
      },
      onState: (next) => {
        setState(next);
        if (next.state === 'failed') toast.error(messages.proNumber.validateFailed);
      },
    });
    checker.current = check;
    return () => {
      check.dispose();
      checker.current = null;
    };
  }, [client]);

  const edit = useCallback((proNumber: string) => {
    checker.current?.edit(latest.current.carrierId, proNumber);
  }, []);

  return { state, edit };
}
