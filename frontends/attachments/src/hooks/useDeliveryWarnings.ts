// The delivery warnings of a send being prepared (001 §5), as the attachments service decides them from
// who each address belongs to: a customer's address typed by hand warns as one picked from the contacts.
// The sender dismisses each; the send carries the dismissed ones, and a send that raises another is
// refused (409) with it, which then shows too.
import { asErrorBody, useDebouncedValue } from '@loadline/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { deliveryWarningsFor } from '../api/attachments.ts';
import type { AttachmentsClient } from '../api/client.ts';
import type { DeliveryWarning, DeliveryWarningsQuery } from '../api/types.ts';

type Code = DeliveryWarning['code'];
const WARNING_KEY = 'warning.';

export interface DeliveryWarningsState {
  /** the warnings not dismissed yet: the send waits for them */
  open: DeliveryWarning[];
  dismissed: Code[];
  dismiss: (code: string) => void;
  /** Reads a refused send's warnings (409); true when it had some. */
  fromRefusal: (error: unknown) => boolean;
  /** After a send: nothing dismissed any more. */
  reset: () => void;
}

export function useDeliveryWarnings(
  client: AttachmentsClient,
  query: DeliveryWarningsQuery | null,
): DeliveryWarningsState {
  const key = JSON.stringify(query);
  const [debounced] = useDebouncedValue(key, 300);
  const [warnings, setWarnings] = useState<DeliveryWarning[]>([]);
  const [dismissed, setDismissed] = useState<Code[]>([]);

  useEffect(() => {
    const q = JSON.parse(debounced) as DeliveryWarningsQuery | null;
    if (!q) {
      setWarnings([]);
      return;
    }
    let live = true;
    void deliveryWarningsFor(client, q).then((answer) => {
      if (live && answer.ok) setWarnings(answer.data.warnings);
    });
    return () => {
      live = false;
    };
  }, [client, debounced]);

  const fromRefusal = useCallback((error: unknown) => {
    const refused = Object.entries(asErrorBody(error)?.errors ?? {})
      .filter(([k]) => k.startsWith(WARNING_KEY))
      .map(([k, v]) => ({ code: k.slice(WARNING_KEY.length) as Code, message: String([v].flat()[0] ?? '') }));
    if (refused.length === 0) return false;
    setWarnings((current) => [...current.filter((w) => !refused.some((r) => r.code === w.code)), ...refused]);
    setDismissed((d) => d.filter((c) => !refused.some((r) => r.code === c)));
    return true;
  }, []);

  const open = useMemo(() => warnings.filter((w) => !dismissed.includes(w.code)), [warnings, dismissed]);
  return {
    open,
    dismissed,
    dismiss: useCallback((code: string) => setDismissed((d) => [...d, code as Code]), []),
    fromRefusal,
    reset: useCallback(() => setDismissed([]), []),
  };
}
