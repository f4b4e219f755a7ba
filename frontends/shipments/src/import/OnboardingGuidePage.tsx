// The onboarding guide page (001 §2: "hides import for users who are not IT support admins"; issue 17 item 7):
// the steps of bringing a new customer on, as the preset onboarding notes of 002 §3.6 name them, each with
// where in Loadline it happens. The data import step links to the shipment importer only for those who may
// import (contracts/rules/bulk-import.ts); everyone else sees the step without the link.
import { PresetOnboardingNote } from '@loadline/contracts';
import { mayImportShipments } from '@loadline/contracts/rules/bulk-import';
import {
  Anchor,
  Link,
  List,
  type OnboardingGuidePageProps,
  Stack,
  Text,
  Title,
  usePageTitle,
} from '@loadline/ui';

/** Ours: what each onboarding step is for (the spec names the steps only). */
const stepNotes: Record<string, string> = {
  KickoffCall: 'Agree the plan, the people and the dates with the customer.',
  DiscoveryCall: 'Learn the lanes, modes, carriers and references the customer uses.',
  TrainingSession1: 'Staff: quoting, booking and the shipment grid.',
  TrainingSession2: 'Staff: status updates, tracking and documents.',
  TrainingSession3: "The customer's users: the front office, ordering and tracking.",
  LedgerSoftwareSession: 'Set up the accounting sync with the ledger software.',
  QAndASession: 'Answer what came up in the trainings.',
  CheckInMeeting: 'Review the first weeks of loads with the customer.',
  FollowUpCall: 'Close what the check-in left open.',
  Integration: 'Connect the carriers and the tracking integrations.',
  DataImport: "Import the customer's shipments, past and open, from a spreadsheet.",
  ManualTariff: "Enter the customer's tariffs by hand.",
  EDIProject: 'Set up EDI with the customer and its carriers.',
};

export function OnboardingGuidePage({ user, importerPath }: OnboardingGuidePageProps) {
  usePageTitle('Onboarding guide');
  const canImport = mayImportShipments(user);
  return (
    <Stack gap="sm" maw={820}>
      <Title order={1} size="h3">
        Onboarding guide
      </Title>
      <Text size="sm">
        The steps of bringing a new customer on. Log each one on the customer's activity log as an Onboarding
        activity with its preset note.
      </Text>
      <List type="ordered" spacing="xs">
        {PresetOnboardingNote.entries.map((step) => (
          <List.Item key={step.code}>
            <Text fw={500} span>
              {step.name}
            </Text>
            <Text size="sm">{stepNotes[step.code]}</Text>
            {step.code === 'DataImport' && canImport && (
              <Anchor component={Link} to={importerPath} size="sm">
                Open the shipment importer
              </Anchor>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export default OnboardingGuidePage;
