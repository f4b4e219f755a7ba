// Exposed as `activity/OrganizationActivityLog` (props: OrganizationActivityLogProps in @loadline/ui's
// remotes.ts): an organization's activity log for broker staff (000 §2 item 9, §3, §6), with Collection and
// Onboarding preset notes and the Admin option for the permissions 000 §6 names.
import type { OrganizationActivityLogProps } from '@loadline/ui';
import { useCallback, useMemo } from 'react';
import { useActivityCalls } from './api/client.ts';
import { NotesLog } from './components/NotesLog/index.ts';
import { organizationLogRules } from './rules/notes.ts';

export type { OrganizationActivityLogProps };

export function OrganizationActivityLog({ organizationId, permissions }: OrganizationActivityLogProps) {
  const calls = useActivityCalls();
  const rules = useMemo(
    () => organizationLogRules(organizationId, permissions),
    [organizationId, permissions],
  );
  const load = useCallback(() => calls.organizationLog(organizationId), [calls, organizationId]);
  return (
    <NotesLog
      title="Organization activity log"
      rules={rules}
      logKey={`organization:${organizationId}`}
      load={load}
      add={calls.addOrganizationActivity}
    />
  );
}

export default OrganizationActivityLog;
