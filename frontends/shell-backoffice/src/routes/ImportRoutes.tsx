import {
  type CurrentUser,
  type OnboardingGuidePageProps,
  RemoteModuleIds,
  RemotePage,
  type ShipmentImporterPageProps,
  useOutletContext,
} from '@loadline/ui';

/** Where the shipment importer is mounted (issue 17, decision 0095). */
export const importerPath = '/onboarding/import';

/** The shipment importer of the shipments remote (001 §2): steps 1 to 3 and the review. */
export function ShipmentImporterRoute() {
  const user = useOutletContext<CurrentUser>();
  return (
    <RemotePage<ShipmentImporterPageProps>
      name="Import shipments"
      id={RemoteModuleIds.shipmentImporterPage}
      props={{ user: { kind: user.kind, permissions: user.permissions } }}
    />
  );
}

/** The onboarding guide page (001 §2), the import hidden for who may not import. */
export function OnboardingGuideRoute() {
  const user = useOutletContext<CurrentUser>();
  return (
    <RemotePage<OnboardingGuidePageProps>
      name="Onboarding guide"
      id={RemoteModuleIds.onboardingGuidePage}
      props={{ user: { kind: user.kind, permissions: user.permissions }, importerPath }}
    />
  );
}
