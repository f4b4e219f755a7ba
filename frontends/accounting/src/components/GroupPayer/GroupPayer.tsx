// Who a group of charge lines is billed to, with "Change payer" (the inline editor, 001 §4, §7): the
// organization select of the payers (`billToOrganizations`), then Save (PUT updateChargeLineGroupOrganization)
// or Cancel; not offered when the service's `payerLock` says its charges are invoiced; a refusal toasts 'Error: Unable to save changes.' with the reason.
import { messages } from '@loadline/contracts';
import { Button, Group, OrganizationSelect, serverMessages, Text, toast } from '@loadline/ui';
import { useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { ChargeLineGroupSummary } from '../../api/types.ts';
import type { EditorState } from '../../rules/chargeLines.ts';

export function GroupPayer({ group, onChanged }: { group: ChargeLineGroupSummary; onChanged: () => void }) {
  const calls = useAccountingCalls();
  const [state, setState] = useState<EditorState>('viewing');
  const [payer, setPayer] = useState<string | null>(group.payerOrganizationId);
  const name = group.payerName ?? group.payerOrganizationId;

  if (state === 'viewing')
    return (
      <Group gap="xs">
        <Text size="sm" fw={600}>{`Billed to ${name}`}</Text>
        <Button
          size="compact-xs"
          variant="subtle"
          // Once a charge of the group is invoiced to its payer, the service says the payer stays (and why).
          disabled={group.payerLock !== null}
          title={group.payerLock ?? undefined}
          onClick={() => {
            setPayer(group.payerOrganizationId);
            setState('editing');
          }}
        >
          Change payer
        </Button>
      </Group>
    );

  const save = async () => {
    if (!payer || payer === group.payerOrganizationId) {
      setState('viewing');
      return;
    }
    setState('saving');
    const answer = await calls.changePayer(group.groupId, payer);
    if (answer.ok) {
      setState('viewing');
      onChanged();
    } else {
      toast.error([messages.inlineEditor.saveFailed, ...serverMessages(answer.error)].join(' '));
      setState('editing');
    }
  };
  return (
    <Group gap="xs" align="flex-end">
      <OrganizationSelect
        label={`Payer of the charges billed to ${name}`}
        type="payers"
        value={payer}
        onChange={(id) => setPayer(id)}
        disabled={state === 'saving'}
      />
      <Button size="compact-xs" loading={state === 'saving'} onClick={() => void save()}>
        Save
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        disabled={state === 'saving'}
        onClick={() => setState('viewing')}
      >
        Cancel
      </Button>
    </Group>
  );
}
