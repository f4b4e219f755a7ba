// The staff favorite toggle (001 §3, §4, §7, §8): the signed-in staff member's own favorite and the team's on a
// shipment, each a button that cycles not assigned → assigned (active) → completed → not assigned through
// POST /api/staffFavorites. The button shows what the server answered, never a guess: scheduled (active with
// a future date) shows its due date. The delay applies to the click that makes a favorite active.
import { FavoriteToggleCycle, messages, nextFavoriteState } from '@loadline/contracts';
import {
  Button,
  createSessionStore,
  Group,
  SelectField,
  type StaffFavoriteToggleProps,
  Text,
  toast,
  useLoad,
  useOptionalShellRuntime,
  useSession,
} from '@loadline/ui';
import { useCallback, useState } from 'react';
import { useActivityCalls } from '../../api/client.ts';
import type { StaffFavoriteClick } from '../../api/types.ts';
import {
  clickActivates,
  type FavoriteShown,
  favoriteShown,
  favoriteText,
  favoriteUpdateFailed,
  othersActive,
  staffFavorite,
  teamFavorite,
  withFavorite,
} from '../../rules/favorites.ts';
import { DELAY_CHOICES, delayLabel } from '../../rules/log.ts';

const delayChoices = DELAY_CHOICES.map((value) => ({ value, name: delayLabel(value) }));

/** Outside a shell (the remote's harness) there is no session: the caller is known from the first answer. */
const noSession = createSessionStore();

const colorOf: Record<FavoriteShown['state'], string> = {
  NotAssigned: 'gray',
  Active: 'blue',
  Scheduled: 'yellow',
  Complete: 'green',
};

function FavoriteButton({
  who,
  shown,
  busy,
  onClick,
}: {
  who: 'My' | 'Team';
  shown: FavoriteShown;
  busy: boolean;
  onClick: () => void;
}) {
  const next = nextFavoriteState(shown.state === 'Scheduled' ? 'Active' : shown.state);
  return (
    <Button
      size="xs"
      color={colorOf[shown.state]}
      variant={shown.state === 'NotAssigned' ? 'default' : 'light'}
      data-favorite-state={shown.state}
      title={`Click: ${FavoriteToggleCycle.nameOf(next)}`}
      loading={busy}
      onClick={onClick}
    >
      {`${who} favorite: ${favoriteText(shown)}`}
    </Button>
  );
}

export function StaffFavoriteToggle({ shipmentId, organizationId }: StaffFavoriteToggleProps) {
  const calls = useActivityCalls();
  const session = useSession(useOptionalShellRuntime()?.session ?? noSession);
  const [answeredStaffId, setAnsweredStaffId] = useState<string | null>(null);
  const myStaffId = session.user?.userId ?? answeredStaffId;
  const [busy, setBusy] = useState<'mine' | 'team' | null>(null);
  const [delay, setDelay] = useState(0);

  const load = useLoad(['staffFavorites', shipmentId], () => calls.staffFavorites(shipmentId), {
    onFailed: () => toast.error(messages.favorites.loadFailed),
  });
  const { set: setFavorites } = load;

  const toggle = useCallback(
    async (isTeam: boolean, shown: FavoriteShown) => {
      setBusy(isTeam ? 'team' : 'mine');
      const body: StaffFavoriteClick = { shipmentId, isTeam };
      if (organizationId) body.organizationId = organizationId;
      if (clickActivates(shown)) body.delay = delay;
      const answer = await calls.toggleStaffFavorite(body);
      setBusy(null);
      if (!answer.ok) {
        toast.error(favoriteUpdateFailed(answer.status, answer.error));
        return;
      }
      if (!answer.data.isTeam) setAnsweredStaffId(answer.data.staffId);
      setFavorites((favorites) => withFavorite(favorites, answer.data));
    },
    [calls, shipmentId, organizationId, delay, setFavorites],
  );

  if (load.state === 'loading' || load.state === 'idle') {
    return (
      <Text size="xs" c="dimmed" role="status">
        Favorite…
      </Text>
    );
  }
  if (load.state === 'failed') {
    return (
      <Group gap="xs" role="group" aria-label="Staff favorite">
        <Text size="xs" c="red" role="status">
          {messages.favorites.loadFailed}
        </Text>
        <Button size="xs" variant="subtle" onClick={load.reload}>
          Try again
        </Button>
      </Group>
    );
  }

  const mine = favoriteShown(staffFavorite(load.data, myStaffId));
  const team = favoriteShown(teamFavorite(load.data));
  const others = othersActive(load.data, myStaffId);
  return (
    <Group gap="xs" align="flex-end" role="group" aria-label="Staff favorite">
      <FavoriteButton who="My" shown={mine} busy={busy === 'mine'} onClick={() => void toggle(false, mine)} />
      <FavoriteButton
        who="Team"
        shown={team}
        busy={busy === 'team'}
        onClick={() => void toggle(true, team)}
      />
      <SelectField
        label="Favorite delay"
        value={delay}
        choices={delayChoices}
        onChange={(v) => setDelay(Number(v))}
        disabled={!clickActivates(mine) && !clickActivates(team)}
      />
      {others.length > 0 && (
        <Text size="xs" c="dimmed">
          {`Also: ${others.map((f) => `${f.staffName ?? f.staffId} (${favoriteText(favoriteShown(f))})`).join(', ')}`}
        </Text>
      )}
    </Group>
  );
}
