import {
  AccessLevel,
  type AccessLevelValue,
  CANCEL_STATUS_CHOICE,
  canMarkLostQuote,
  messages,
  ShipmentStopType,
} from '@loadline/contracts';
import {
  Button,
  confirm,
  Group,
  Loader,
  type LoadState,
  LoadView,
  Modal,
  modalSizes,
  modelErrors,
  RemoteModuleIds,
  RemotePage,
  type ShipmentActivityLogProps,
  type ShipmentAttachmentsProps,
  Stack,
  type StaffFavoriteToggleProps,
  Text,
  TextInput,
  toast,
  UnsavedChangesScope,
  useLoad,
  useUnsavedChangesGuard,
  useUnsavedChangesScope,
} from '@loadline/ui';
import { useId, useMemo, useState } from 'react';
import { useShipmentsApi } from '../../api/client.ts';
import { canUpdateTransitLegStatus, getStatusDetails, updateStatus } from '../../api/shipments.ts';
import type { Shipment, StatusDetails, StatusUpdateAnswer } from '../../api/types.ts';
import { useProNumberDuplicateCheck } from '../../hooks/useProNumberDuplicateCheck.ts';
import { type DateTimeParts, localToday } from '../../rules/dateTime.ts';
import { dispatchOutcome } from '../../rules/dispatchOutcome.ts';
import { trackingEnabled } from '../../rules/lastLocation.ts';
import { pickupDatePassedProposal } from '../../rules/pickupWindow.ts';
import { proNumberReferenceCode } from '../../rules/references.ts';
import {
  accessLevelChoices,
  buildStatusUpdate,
  currentStatusOf,
  type EditStatusForm,
  formOf,
  needsCreditHoldCheck,
} from '../../rules/statusUpdate.ts';
import {
  type DeliveryTimes,
  deliveryFollowingPickup,
  deliveryProblems,
  type PickupTimes,
  pickupProblems,
  withPickupReady,
} from '../../rules/stopTimes.ts';
import { CarrierCard } from '../CarrierCard/index.ts';
import { CreditHoldModal } from '../CreditHoldModal/index.ts';
import { DeliveryCard } from '../DeliveryCard/index.ts';
import { PickupCard } from '../PickupCard/index.ts';
import { PickupDatePassedModal } from '../PickupDatePassedModal/index.ts';
import { StatusBadge } from '../StatusBadge/index.ts';
import { StatusBar } from '../StatusBar/index.ts';
import { StatusPicker } from '../StatusPicker/index.ts';
import { TrackingLinkButton } from '../TrackingLinkButton/index.ts';
import { TrackingPlugin } from '../TrackingPlugin/index.ts';

export interface EditStatusModalProps {
  opened: boolean;
  shipmentId: number;
  onClose: () => void;
  /** After a successful update (the toasts are shown): the page reloads the shipment. */
  onUpdated: (answer: StatusUpdateAnswer) => void;
  /** Offer the Admin access level for the note (000 §6: IT support admins). */
  canUseAdminAccessLevel?: boolean;
  /**
   * The shipment as the page last read it. The edit-status view is read ahead, with the page, and again
   * each time the page reads the shipment again (a live change, an update) while the modal is closed: the
   * modal opens on an answer as fresh as the page it is opened from, without a request (decision 0065).
   */
  shipment?: Shipment;
}

/** The pro-number warning: the spec quotes no text for a duplicate (ours). */
export const DUPLICATE_PRO_NUMBER_TEXT = 'This pro number is already used on another shipment.';

const FIRST_PICK = ShipmentStopType.byCode.FirstPick.code;
const LAST_DROP = ShipmentStopType.byCode.LastDrop.code;

/**
 * The edit-status modal (000 §2 item 2, extra large): carrier, pickup and delivery cards, the suggested
 * statuses and the custom picker, the last known location, a note, and the places where the activity log
 * and the attachments plug in. Saving runs the 000 §4 flow: the cancel confirmation, the credit-hold check,
 * the pickup-date-passed proposal, then PUT /api/ShipmentUpdateStatus/updatestatus and its toasts.
 */
export function EditStatusModal({
  opened,
  shipmentId,
  onClose,
  onUpdated,
  canUseAdminAccessLevel = false,
  shipment,
}: EditStatusModalProps) {
  const client = useShipmentsApi();
  // 000 §2, §8: Esc, the X and Cancel ask first while the form (or a form inside it) holds unsaved data.
  const guard = useUnsavedChangesScope();
  const close = guard.confirmLeave(onClose);
  // Which reading of the page's shipment the view goes with: a new one while the modal is closed, never
  // under an open form; and one as soon as it closes after an update, before the page has read the shipment
  // again (a quick reopening must not show the view as it was before the update).
  const [readFor, setReadFor] = useState({ shipment, reading: 0 });
  const [updated, setUpdated] = useState(false);
  if (!opened && (readFor.shipment !== shipment || updated)) {
    setReadFor({ shipment, reading: readFor.reading + 1 });
    setUpdated(false);
  }
  // A read ahead that failed is tried again when the modal opens, and its failure shown then.
  const [retries, setRetries] = useState(0);
  const load = useLoad(
    ['statusDetails', shipmentId, readFor.reading, retries],
    () => getStatusDetails(client, shipmentId),
    { onFailed: () => opened && toast.error(messages.shipment.loadInformationFailed) },
  );
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened && load.state === 'failed') setRetries(retries + 1);
  }
  // While the modal fades out, the form it had stays in it as the next reading loads.
  const shown: LoadState<StatusDetails> =
    !opened && load.state === 'loading' && load.last ? { state: 'loaded', data: load.last } : load;

  return (
    <Modal
      opened={opened}
      onClose={close}
      size={modalSizes.extraLarge}
      title={`Edit shipment status - ${shipmentId}`}
    >
      <UnsavedChangesScope scope={guard.scope}>
        <LoadView
          load={shown}
          loading="Loading shipment information"
          failed={messages.shipment.loadInformationFailed}
          padding="xl"
        >
          {(details) => (
            <StatusForm
              details={details}
              onClose={close}
              onUpdated={(answer) => {
                setUpdated(true);
                onUpdated(answer);
              }}
              canUseAdminAccessLevel={canUseAdminAccessLevel}
            />
          )}
        </LoadView>
      </UnsavedChangesScope>
    </Modal>
  );
}

interface FormProps {
  details: StatusDetails;
  onClose: () => void;
  onUpdated: (answer: StatusUpdateAnswer) => void;
  canUseAdminAccessLevel: boolean;
}

type Prompt<T, A> = { ask: A; resolve: (answer: T | null) => void } | null;

function StatusForm({ details, onClose, onUpdated, canUseAdminAccessLevel }: FormProps) {
  const client = useShipmentsApi();
  const initial = useMemo(() => formOf(details), [details]);
  const [form, setForm] = useState<EditStatusForm>(initial);
  const [saving, setSaving] = useState(false);
  const [creditHold, setCreditHold] = useState<Prompt<number, number>>(null);
  const [pickupPassed, setPickupPassed] = useState<Prompt<DateTimeParts, DateTimeParts>>(null);
  const noteId = useId();
  const accessId = useId();

  const leg = details.activeTransitLeg;
  const current = currentStatusOf(details);
  // Unsaved data: anything typed or chosen since the modal opened (000 §2, §8).
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(initial), [form, initial]);
  useUnsavedChangesGuard(dirty && !saving);
  const today = localToday();
  const problems = [...pickupProblems(form.pickup, today), ...deliveryProblems(form.delivery, today)];
  const proReferenceType = proNumberReferenceCode(leg?.transitType);
  const proCheck = useProNumberDuplicateCheck({
    shipmentId: details.shipmentId,
    carrierId: leg?.carrierMasterId,
    referenceType: proReferenceType,
  });
  const firstPick = details.shipmentTransitStops.find((s) => s.stopType === FIRST_PICK);
  const lastDrop = details.shipmentTransitStops.find((s) => s.stopType === LAST_DROP);

  const set = <K extends keyof EditStatusForm>(key: K, value: EditStatusForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onPickupChange = (pickup: PickupTimes) =>
    setForm((f) => ({
      ...f,
      pickup,
      delivery:
        pickup.ready.date !== f.pickup.ready.date
          ? deliveryFollowingPickup(f.delivery, pickup.ready.date, details.transitDays)
          : f.delivery,
    }));

  const askCreditHold = (refused: number) =>
    new Promise<number | null>((resolve) => setCreditHold({ ask: refused, resolve }));
  const askPickupPassed = (proposal: DateTimeParts) =>
    new Promise<DateTimeParts | null>((resolve) => setPickupPassed({ ask: proposal, resolve }));

  async function save(): Promise<void> {
    if (problems.length > 0) return;
    let next = form;
    let choice = next.choice;

    // 000 §2 item 5, §4: cancel (-1) asks first in the shipment-canceled confirmation modal, which says
    // whether the shipment becomes a lost quote; dismissed, nothing is sent.
    if (choice === CANCEL_STATUS_CHOICE) {
      const texts = messages.statusUpdate.cancelConfirm;
      const yes = await confirm({
        title: texts.title(details.shipmentId),
        text: texts.text(details.shipmentId, canMarkLostQuote(current)),
        confirmLabel: texts.confirm,
        cancelLabel: texts.cancel,
        danger: true,
      });
      if (!yes) {
        toast.error(messages.statusUpdate.notCanceled);
        return;
      }
    }

    setSaving(true);
    try {
      // 000 §4: the credit-hold check may refuse the leg status change: Committed or Quote instead.
      if (choice !== null && needsCreditHoldCheck(current, choice)) {
        const check = await canUpdateTransitLegStatus(client, {
          shipmentId: details.shipmentId,
          newtransitLegStatus: choice,
          trainsitType: leg?.transitType ?? null,
        });
        if (check.ok && check.data === false) {
          const instead = await askCreditHold(choice);
          if (instead === null) return;
          choice = instead;
          next = { ...next, choice };
          setForm(next);
        }
      }

      // 000 §4: an LTL shipment moved to Ready with its pickup less than 2 hours ahead at the origin.
      const proposal = pickupDatePassedProposal({
        shipmentType: details.shipmentType,
        currentStatus: current,
        targetStatus: choice ?? current,
        pickupReady: next.pickup.ready,
        originBaseUTCOffset: details.originBaseUTCOffset,
        now: new Date(),
      });
      if (proposal) {
        const accepted = await askPickupPassed(proposal);
        if (accepted) {
          const pickup = withPickupReady(next.pickup, accepted, today);
          const delivery =
            pickup.ready.date !== next.pickup.ready.date
              ? deliveryFollowingPickup(next.delivery, pickup.ready.date, details.transitDays)
              : next.delivery;
          next = { ...next, pickup, delivery };
          setForm(next);
          // The proposal may leave the close before it: flagged on the card, nothing sent.
          if (pickupProblems(pickup, today).length > 0 || deliveryProblems(delivery, today).length > 0)
            return;
        }
      }

      const answer = await updateStatus(client, buildStatusUpdate(details, initial, next, today));
      if (!answer.ok) {
        toast.error(messages.statusUpdate.failed(modelErrors(answer.error)));
        return;
      }
      toast.success(messages.shipment.informationUpdated);
      const outcome = dispatchOutcome(answer.data);
      if (outcome) toast[outcome.kind](outcome.text);
      onUpdated(answer.data);
    } finally {
      setSaving(false);
    }
  }

  const proWarning =
    proCheck.state.state === 'checked' && proCheck.state.duplicate ? DUPLICATE_PRO_NUMBER_TEXT : null;

  return (
    <Stack gap="sm">
      {/* 001 §3, §4: the staff favorite toggle (the activity remote) at the head of the modal. */}
      <RemotePage<StaffFavoriteToggleProps>
        name="Staff favorite"
        id={RemoteModuleIds.staffFavoriteToggle}
        props={{ shipmentId: details.shipmentId }}
      />
      <Group justify="space-between" wrap="nowrap">
        <StatusBadge status={current} />
        <div style={{ flex: 1 }}>
          <StatusBar status={current} />
        </div>
      </Group>
      <StatusPicker
        current={current}
        choices={details}
        choice={form.choice}
        onChoose={(choice) => set('choice', choice)}
        disabled={saving}
      />
      <Group align="stretch" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 230px' }}>
          <CarrierCard
            leg={leg}
            references={details.shipmentTransitReferenceNumbers}
            shipmentId={details.shipmentId}
          >
            {leg && (
              <>
                <TextInput
                  size="xs"
                  label="Pro number"
                  value={form.proNumber}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    set('proNumber', value);
                    proCheck.edit(value);
                  }}
                  rightSection={
                    proCheck.state.state === 'checking' ? (
                      <Loader size={12} aria-label="Checking the pro number" />
                    ) : null
                  }
                  error={proWarning}
                  disabled={saving}
                />
                <TextInput
                  size="xs"
                  label="Tracking reference number"
                  value={form.transitLegReferenceNumber}
                  onChange={(e) => set('transitLegReferenceNumber', e.currentTarget.value)}
                  disabled={saving}
                />
                <Group>
                  <TrackingLinkButton shipmentId={details.shipmentId} />
                </Group>
              </>
            )}
          </CarrierCard>
        </div>
        <div style={{ flex: '1 1 230px' }}>
          <PickupCard
            place={firstPick}
            times={form.pickup}
            onChange={onPickupChange}
            problems={problems.filter((p) => p.card === 'pickup')}
            today={today}
            disabled={saving}
          />
        </div>
        <div style={{ flex: '1 1 230px' }}>
          <DeliveryCard
            place={lastDrop}
            times={form.delivery}
            onChange={(delivery: DeliveryTimes) => set('delivery', delivery)}
            problems={problems.filter((p) => p.card === 'delivery')}
            today={today}
            signedBy={form.proofOfDeliverySignedBy}
            onSignedByChange={(value) => set('proofOfDeliverySignedBy', value)}
            disabled={saving}
          />
        </div>
      </Group>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Last known location:
        </Text>
        <TrackingPlugin
          shipmentId={details.shipmentId}
          office="backOffice"
          tracking={trackingEnabled(leg)}
          proNumber={initial.proNumber || null}
          integrationSourceId={
            leg?.shipmentTransitlegTariff?.trackingIntegrationSourceId ??
            leg?.shipmentTransitlegTariff?.integrationSourceId ??
            null
          }
          runTrackingTest
        />
      </Group>
      <Group align="flex-start" gap="sm" grow>
        <TextInput
          size="xs"
          label="Location"
          value={form.location}
          onChange={(e) => set('location', e.currentTarget.value)}
          disabled={saving}
        />
        <Stack gap={2}>
          <Text size="xs" fw={500} component="label" htmlFor={noteId}>
            Note
          </Text>
          <textarea
            id={noteId}
            rows={2}
            value={form.activity}
            onChange={(e) => set('activity', e.currentTarget.value)}
            disabled={saving}
            style={{ font: 'inherit', fontSize: 12, padding: 6, borderRadius: 4, resize: 'vertical' }}
          />
          <Group gap="sm">
            <Text size="xs" component="label" htmlFor={accessId}>
              Access level
            </Text>
            <select
              id={accessId}
              value={form.accessLevel}
              onChange={(e) => set('accessLevel', Number(e.currentTarget.value) as AccessLevelValue)}
              disabled={saving}
            >
              {accessLevelChoices(canUseAdminAccessLevel).map((level) => (
                <option key={level} value={level}>
                  {AccessLevel.nameOf(level)}
                </option>
              ))}
            </select>
            <Text size="xs" component="label">
              <input
                type="checkbox"
                checked={form.pinActivity}
                onChange={(e) => set('pinActivity', e.currentTarget.checked)}
                disabled={saving}
              />{' '}
              Pin note
            </Text>
          </Group>
        </Stack>
      </Group>
      <Group align="stretch" gap="sm" grow>
        {/* 000 §2 item 2: the activity log with a pin toggle on each entry (the activity remote's operation notes). */}
        <section aria-label="Activity log">
          <RemotePage<ShipmentActivityLogProps>
            name="Activity log"
            id={RemoteModuleIds.shipmentActivityLog}
            props={{
              shipmentId: details.shipmentId,
              office: 'backOffice',
              canUseAdminAccessLevel,
              operationNotes: true,
            }}
          />
        </section>
        <section aria-label="Attachments">
          <RemotePage<ShipmentAttachmentsProps>
            name="Attachments"
            id={RemoteModuleIds.shipmentAttachments}
            props={{ shipmentId: details.shipmentId, office: 'backOffice' }}
          />
        </section>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={saving}>
          {messages.dialogs.generic.cancel}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={problems.length > 0}>
          Save
        </Button>
      </Group>

      <CreditHoldModal
        opened={creditHold !== null}
        refused={creditHold?.ask ?? null}
        onChoose={(status) => {
          creditHold?.resolve(status);
          setCreditHold(null);
        }}
        onClose={() => {
          creditHold?.resolve(null);
          setCreditHold(null);
        }}
      />
      <PickupDatePassedModal
        opened={pickupPassed !== null}
        proposal={pickupPassed?.ask ?? null}
        onAccept={(proposal) => {
          pickupPassed?.resolve(proposal);
          setPickupPassed(null);
        }}
        onDismiss={() => {
          pickupPassed?.resolve(null);
          setPickupPassed(null);
        }}
      />
    </Stack>
  );
}
