import { messages, SYSTEM_ALERTS_SHOWN_FIRST } from '@loadline/contracts';
import { useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { fetchSystemAlerts } from '../api/systemAlerts.ts';
import type { SystemAlert, SystemAlertArea } from '../api/types.ts';
import { toast } from '../feedback/toast.ts';
import { dismissedAlertCookie, dismissedAlertIds } from '../rules/systemAlerts.ts';
import { useLoad } from './useLoad.ts';

const noAlerts: SystemAlert[] = [];

export interface SystemAlertsState {
  /** The alerts to show now: the first 2 not dismissed, or all of them once "show all" was chosen. */
  visible: SystemAlert[];
  /** How many more not-dismissed alerts "show all" would reveal (at least 1 when unknown but more exist). */
  hiddenCount: number;
  showAll: () => void;
  dismiss: (systemAlertId: SystemAlert['systemAlertId']) => void;
}

const notDismissed = (alerts: readonly SystemAlert[]): SystemAlert[] => {
  const dismissed = dismissedAlertIds(document.cookie);
  return alerts.filter((a) => !dismissed.has(String(a.systemAlertId)));
};

/**
 * System alerts (001 §3, §9): 2 shown at first, "show all" for the rest, a dismissed alert hidden for
 * 21 days through a cookie; on failure the toast 'Unable to get system alerts. Please reload the page.'
 */
export function useSystemAlerts(area: SystemAlertArea): SystemAlertsState {
  const client = useApi();
  const [expanded, setExpanded] = useState(false);
  const [wantAll, setWantAll] = useState(false);
  const [, setDismissals] = useState(0);

  const read = useLoad(
    ['systemAlerts', area, wantAll],
    async () => {
      let answer = await fetchSystemAlerts(client, area, wantAll);
      let all = wantAll || (answer != null && answer.systemAlerts.length >= answer.totalCount);
      // Dismissed alerts take no place among the first 2: when they leave fewer than 2, fetch them all.
      if (answer && !all && notDismissed(answer.systemAlerts).length < SYSTEM_ALERTS_SHOWN_FIRST) {
        answer = await fetchSystemAlerts(client, area, true);
        all = true;
      }
      if (!answer) return { ok: false as const, status: 0, error: null };
      return {
        ok: true as const,
        data: { alerts: [...answer.systemAlerts], totalCount: answer.totalCount, complete: all },
      };
    },
    { onFailed: () => toast.error(messages.systemAlerts.loadFailed) },
  );
  const alerts = read.last?.alerts ?? noAlerts;
  const totalCount = read.last?.totalCount ?? 0;
  const complete = read.last?.complete ?? false;

  const remaining = notDismissed(alerts);
  const visible = expanded ? remaining : remaining.slice(0, SYSTEM_ALERTS_SHOWN_FIRST);
  const hiddenCount = complete
    ? remaining.length - visible.length
    : Math.max(totalCount - alerts.length, 0) + (remaining.length - visible.length);

  return {
    visible,
    hiddenCount,
    showAll: () => {
      setExpanded(true);
      if (!complete) setWantAll(true);
    },
    dismiss: (systemAlertId) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the brokers use
      document.cookie = dismissedAlertCookie(systemAlertId, window.location.protocol === 'https:');
      setDismissals((n) => n + 1);
    },
  };
}
