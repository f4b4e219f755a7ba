// The delivery warnings of a send being prepared (001 §5), as the attachments service decides them from
// who each address belongs to: a customer's address typed by hand warns as one picked from the contacts.
// The sender dismisses each; the send carries the dismissed ones, and a send that raises another is
// refused (409) with it, which then shows too.
import { asErrorBody, useDebouncedValue, useLoad } from '@loadline/ui';
import { useCallback, useState } from 'react';
import { deliveryWarningsFor } from '../api/attachments.ts';
import type { AttachmentsClient } from '../api/client.ts';
import type { DeliveryWarning, DeliveryWarningsQuery } from '../api/types.ts';

type Code = DeliveryWarning['code'];
const WARNING_KEY = 'warning.';
const noWarnings: DeliveryWarning[] = [];

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
  const [dismissed, setDismissed] = useState<Code[]>([]);
  const asked = JSON.parse(debounced) as DeliveryWarningsQuery | null;
  const check = useLoad(asked ? ['deliveryWarnings', debounced] : null, () =>
    deliveryWarningsFor(client, asked!),
  );
  // A refused send's warnings, for the addresses it was refused with: the next check replaces them.
  const [refused, setRefused] = useState<{ key: string; warnings: DeliveryWarning[] }>({
    key: '',
    warnings: [],
  });
  // The last check's warnings stay until the next check answers (none once there is nothing to check).
  const checked = check.last?.warnings ?? noWarnings;
  const extra = refused.key === debounced ? refused.warnings : noWarnings;
  const warnings = [...checked.filter((w) => !extra.some((r) => r.code === w.code)), ...extra];

  const fromRefusal = useCallback(
    (error: unknown) => {
      const found = Object.entries(asErrorBody(error)?.errors ?? {})
        .filter(([k]) => k.startsWith(WARNING_KEY))
        .map(([k, v]) => ({
          code: k.slice(WARNING_KEY.length) as Code,
          message: String([v].flat()[0] ?? ''),
        }));
      if (found.length === 0) return false;
      setRefused((r) => ({
        key: debounced,
        warnings: [
          ...(r.key === debounced ? r.warnings : []).filter((w) => !found.some((f) => f.code === w.code)),
          ...found,
        ],
      }));
      setDismissed((d) => d.filter((c) => !found.some((r) => r.code === c)));
      return true;
    },
    [debounced],
  );

  const open = warnings.filter((w) => !dismissed.includes(w.code));
  return {
    open,
    dismissed,
    dismiss: useCallback((code: string) => setDismissed((d) => [...d, code as Code]), []),
    fromRefusal,
    reset: useCallback(() => setDismissed([]), []),
  };
}
