import {
  BrokerCarrierStatus,
  type BrokerCarrierStatusValue,
  CarrierInsuranceStatus,
  messages,
} from '@loadline/contracts';
import { formatPhone } from '@loadline/contracts/rules/phone';
import {
  Anchor,
  Badge,
  Button,
  type CarrierActivityLogProps,
  CatalogueOptions,
  createSessionStore,
  formatDate,
  Group,
  List,
  LoadView,
  Modal,
  modalSizes,
  Paper,
  RemoteModuleIds,
  RemotePage,
  Stack,
  serverMessages,
  Table,
  Text,
  Title,
  toast,
  useLoad,
  useOptionalShellRuntime,
  useSession,
} from '@loadline/ui';
import { type ReactNode, useState } from 'react';
import {
  getCarrierDetails,
  getCompliance,
  getMasterStateRegions,
  getPortalLink,
  setFavorite,
  setPreferredRegions,
  setStatus,
} from '../../api/carriers.ts';
import { useCarriersApi } from '../../api/client.ts';
import type { CarrierCompliance, CarrierDetails, MasterStateRegions } from '../../api/types.ts';
import { money, reasonText } from '../../rules/format.ts';
import { CarrierScoreWidget } from '../CarrierScoreWidget/index.ts';
import { PreferredRegions } from '../PreferredRegions/index.ts';
import { Stars } from '../Stars/index.ts';

export interface CarrierPreviewModalProps {
  carrierMasterId: string;
  opened: boolean;
  onClose: () => void;
  /** the same view as a page of its own (the universal search's carrier result), not a modal */
  asPage?: boolean;
}

/** The activity remote's carrier activity log (000 §2 item 9). */
export const carrierActivityLogModule = RemoteModuleIds.carrierActivityLog;

const noSession = createSessionStore();

/** What the preview says when the carrier cannot be read (ours: the spec quotes no text). */
export const CARRIER_LOAD_FAILED_TEXT = 'Unable to load the carrier. Please try again.';

interface Preview {
  details: CarrierDetails;
  compliance: CarrierCompliance | null;
  master: MasterStateRegions | null;
}

const insuranceColour: Record<string, string> = { Pass: 'green', Expiring: 'yellow', Expired: 'red' };
const statusColour: Record<number, string> = {
  [BrokerCarrierStatus.values.Enabled]: 'green',
  [BrokerCarrierStatus.values.Blocked]: 'red',
  [BrokerCarrierStatus.values.Disabled]: 'gray',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" component="div">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/**
 * The carrier details preview (000 §2 item 11, 001 §2): the carrier, its compliance info, its insurances
 * not yet expired, contacts, score, the US map of preferred regions and the carrier activity log. With
 * LSP Carrier Add/Edit (001 §6) the status and the preferred regions can be changed here; favorites
 * (never on inherited carriers) and the portal link are for all staff.
 */
export function CarrierPreviewModal({
  carrierMasterId,
  opened,
  onClose,
  asPage = false,
}: CarrierPreviewModalProps) {
  const client = useCarriersApi();
  // Outside a shell (the remote's harness) there is no session: no permissions, the log's panel says why.
  const session = useSession(useOptionalShellRuntime()?.session ?? noSession);
  const [busy, setBusy] = useState(false);

  // Read each time the preview opens: the carrier (without it, nothing to show), its compliance info and
  // the regions' map (each shown without when it fails).
  const preview = useLoad<Preview>(opened ? ['carrierPreview', carrierMasterId] : null, async (signal) => {
    const [details, compliance, master] = await Promise.all([
      getCarrierDetails(client, carrierMasterId),
      getCompliance(client, carrierMasterId),
      getMasterStateRegions(client),
    ]);
    if (!details.ok) return details;
    if (!compliance.ok && !signal.aborted) toast.error(messages.carrier.complianceInfoFailed);
    return {
      ok: true as const,
      data: {
        details: details.data,
        compliance: compliance.ok ? compliance.data : null,
        master: master.ok ? master.data : null,
      },
    };
  });
  const setPreview = preview.set;

  const replaceDetails = (details: CarrierDetails) =>
    setPreview((p) => ({ ...p, details, compliance: details.complianceInfo }));

  async function toggleFavorite(details: CarrierDetails) {
    // 001 §6: favorites cannot be set on inherited carriers.
    if (details.inherited) {
      toast.warning(messages.favorites.inheritedCarrier);
      return;
    }
    if (!details.brokerCarrierId) return;
    setBusy(true);
    const answer = await setFavorite(client, details.brokerCarrierId, !details.favorite);
    setBusy(false);
    if (answer.ok) replaceDetails({ ...details, favorite: answer.data.favorite });
    else
      toast.error(
        messages.favorites.updateFailed(serverMessages(answer.error).join(' ') || String(answer.status)),
      );
  }

  async function openPortal(details: CarrierDetails) {
    if (!details.brokerCarrierId) return;
    const answer = await getPortalLink(client, details.brokerCarrierId);
    if (answer.ok) window.open(answer.data.portalLink, '_blank', 'noopener');
    else toast.error(messages.carrier.portalLinkMissing);
  }

  async function changeStatus(details: CarrierDetails, status: BrokerCarrierStatusValue) {
    if (!details.brokerCarrierId) return;
    setBusy(true);
    const answer = await setStatus(client, details.brokerCarrierId, status);
    setBusy(false);
    if (answer.ok) {
      replaceDetails(answer.data);
      toast.success(messages.shipment.informationUpdated);
    } else toast.error(messages.inlineEditor.saveFailed);
  }

  async function saveRegions(details: CarrierDetails, regions: { regionId: number; type: number }[]) {
    if (!details.brokerCarrierId) return false;
    const answer = await setPreferredRegions(client, { brokerCarrierId: details.brokerCarrierId, regions });
    if (answer.ok) {
      replaceDetails(answer.data);
      toast.success(messages.shipment.informationUpdated);
      return true;
    }
    toast.error(messages.inlineEditor.saveFailed);
    return false;
  }

  const body = (
    <LoadView load={preview} loading="Loading the carrier" failed={CARRIER_LOAD_FAILED_TEXT} padding="xl">
      {({ details: d, compliance, master }) => (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={4}>{d.carrierMasterName}</Title>
                {d.statusName && (
                  <Badge color={statusColour[d.status ?? 0] ?? 'gray'} aria-label={`Status ${d.statusName}`}>
                    {d.statusName}
                  </Badge>
                )}
                {d.inherited && <Badge variant="outline">Inherited</Badge>}
              </Group>
              <Group gap="md">
                {d.scac && <Fact label="SCAC">{d.scac}</Fact>}
                {d.mcNumber && <Fact label="MC">{d.mcNumber}</Fact>}
                {d.dotNumber && <Fact label="DOT">{d.dotNumber}</Fact>}
              </Group>
              <Group gap="md">
                <Fact label="Phone">{d.phone ? formatPhone(d.phone) : messages.shipment.noCarrierPhone}</Fact>
                {d.email && (
                  <Fact label="Email">
                    <Anchor href={`mailto:${d.email}`} size="sm">
                      {d.email}
                    </Anchor>
                  </Fact>
                )}
                {d.city && <Fact label="Home">{`${d.city}, ${d.state ?? ''}`}</Fact>}
              </Group>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                variant={d.favorite ? 'filled' : 'default'}
                aria-pressed={d.favorite}
                onClick={() => void toggleFavorite(d)}
                disabled={busy || !d.brokerCarrierId}
              >
                {d.favorite ? '★ Favorite' : '☆ Favorite'}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => void openPortal(d)}
                disabled={!d.brokerCarrierId}
              >
                Carrier portal
              </Button>
            </Group>
          </Group>

          <Group align="stretch" grow>
            <Paper withBorder p="sm" role="region" aria-label="Compliance">
              <Stack gap={4}>
                <Group justify="space-between">
                  <Title order={6}>Compliance</Title>
                  {compliance && (
                    <Badge color={compliance.inCompliance ? 'green' : 'red'}>
                      {compliance.inCompliance ? 'In compliance' : 'Out of compliance'}
                    </Badge>
                  )}
                </Group>
                {compliance ? (
                  <>
                    {compliance.reasons.length > 0 && (
                      <List size="sm" c="red">
                        {compliance.reasons.map((r) => (
                          <List.Item key={r.code}>{reasonText(r)}</List.Item>
                        ))}
                      </List>
                    )}
                    <Fact label="Insurance">
                      <Badge
                        size="sm"
                        color={insuranceColour[compliance.insuranceState] ?? 'gray'}
                        variant="light"
                      >
                        {compliance.insuranceStatusName}
                      </Badge>
                    </Fact>
                    <Fact label="Authority">{compliance.authorityName}</Fact>
                    <Fact label="DOT status">{compliance.dotStatusName}</Fact>
                    <Fact label="TSA compliance">{compliance.tsaComplianceName}</Fact>
                    <Fact label="Safety rating">{compliance.carrierRatingName}</Fact>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {messages.carrier.complianceInfoFailed}
                  </Text>
                )}
              </Stack>
            </Paper>
            <CarrierScoreWidget carrierMasterId={d.carrierMasterId} />
          </Group>

          <Paper withBorder p="sm" role="region" aria-label="Insurances">
            <Title order={6}>Insurances</Title>
            {d.brokerCarrierInsurances.length === 0 ? (
              <Text size="sm" c="dimmed">
                {CarrierInsuranceStatus.nameOf('NotOnFile')}
              </Text>
            ) : (
              <Table fz="sm" verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Insurer</Table.Th>
                    <Table.Th>Policy</Table.Th>
                    <Table.Th>Coverage</Table.Th>
                    <Table.Th>Expires</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.brokerCarrierInsurances.map((i) => (
                    <Table.Tr key={i.brokerCarrierInsuranceId}>
                      <Table.Td>{i.insuranceType}</Table.Td>
                      <Table.Td>{i.insurerName ?? ''}</Table.Td>
                      <Table.Td>{i.policyNumber ?? ''}</Table.Td>
                      <Table.Td>{money(i.coverageAmount)}</Table.Td>
                      <Table.Td>{formatDate(i.expirationDate)}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={insuranceColour[i.insuranceState] ?? 'gray'}>
                          {i.insuranceStatusName}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>

          {d.contacts.length > 0 && (
            <Paper withBorder p="sm" role="region" aria-label="Contacts">
              <Title order={6}>Contacts</Title>
              <Table fz="sm" verticalSpacing={2}>
                <Table.Tbody>
                  {d.contacts.map((c) => (
                    <Table.Tr key={c.contactId}>
                      <Table.Td>{c.contactTypeName}</Table.Td>
                      <Table.Td>{c.name}</Table.Td>
                      <Table.Td>{formatPhone(c.phone)}</Table.Td>
                      <Table.Td>{c.email ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}

          {d.canEdit && d.status !== null && (
            <Group gap="xs">
              <Text size="sm" component="label" htmlFor="carrier-status">
                Carrier status
              </Text>
              <select
                id="carrier-status"
                value={d.status}
                disabled={busy}
                onChange={(e) =>
                  void changeStatus(d, Number(e.currentTarget.value) as BrokerCarrierStatusValue)
                }
              >
                <CatalogueOptions of={BrokerCarrierStatus} />
              </select>
            </Group>
          )}

          {master && (
            <PreferredRegions
              master={master}
              preferred={d.brokerCarrierPreferredRegions}
              canEdit={d.canEdit}
              onSave={(regions) => saveRegions(d, regions)}
            />
          )}

          <RemotePage<CarrierActivityLogProps>
            name="Carrier activity log"
            id={carrierActivityLogModule}
            props={{ carrierMasterId: d.carrierMasterId, permissions: session.user?.permissions ?? 0 }}
          />
        </Stack>
      )}
    </LoadView>
  );

  if (asPage)
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={1} size="h2">
            Carrier details
          </Title>
          {preview.state === 'loaded' && <Stars stars={preview.data.details.starScore} size={16} />}
        </Group>
        {body}
      </Stack>
    );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={modalSizes.extraLarge}
      title={
        <Group gap="xs">
          <Text fw={600}>Carrier details</Text>
          {preview.state === 'loaded' && <Stars stars={preview.data.details.starScore} size={14} />}
        </Group>
      }
    >
      {body}
    </Modal>
  );
}
