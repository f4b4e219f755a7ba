// Paying invoices online (001 §3 payment, §5, §7): the amount (the selected invoices' balance, or less), a card
// or bank account saved before (read with getCustomerProfile; each may be removed: deleteCustomerPaymentProfile
// after the confirm dialog) or a new one (saved at the gateway first: createCustomerPaymentProfile; kept for
// later payments only when "Save for future payments" is ticked, else removed once the charge answers; a card
// saved before is answered as the one saved, and kept), the card fee
// and the total rounded to the cent, then chargeCustomerProfile with an idempotency key (a retried click charges
// once) and the total the screen showed (the service refuses another). A decline toasts 001 §8's 'Error: Unable
// to charge customer profile' with the gateway's messages, which the modal also lists.
import {
  type BankAccountInput,
  CreditCardType,
  cardTypeOf,
  formatMoney,
  formatPercent,
  formatUsd,
  messages,
} from '@loadline/contracts';
import {
  Alert,
  Button,
  Center,
  CheckboxField,
  confirm,
  fieldMessages,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  serverMessages,
  Text,
  TextInput,
  toast,
  useLoad,
} from '@loadline/ui';
import { useEffect, useRef, useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { Invoice, PaymentGatewayInfo, PaymentProfile, PaymentResult } from '../../api/types.ts';
import {
  amountToPay,
  type BankField,
  bankFieldProblems,
  type CardDraft,
  type CardField,
  cardFieldProblems,
  cardInputOf,
  chargeOf,
  emptyBankAccount,
  emptyCard,
  type PaymentMethod,
} from '../../rules/payment.ts';
import { BankAccountForm } from '../BankAccountForm/index.ts';
import { CardForm } from '../CardForm/index.ts';

export interface PaymentModalProps {
  organizationId: string;
  invoices: readonly Invoice[];
  gateway: PaymentGatewayInfo;
  opened: boolean;
  onClose: () => void;
  onPaid: (result: PaymentResult) => void;
}

/** 002 §3.6 account type: ACH 1, Credit Card 2. */
const CREDIT_CARD_ACCOUNT = 2;

export const profileLabel = (p: PaymentProfile): string =>
  p.accountType === CREDIT_CARD_ACCOUNT
    ? `${CreditCardType.nameOf(p.cardType ?? '') ?? p.cardType ?? 'Card'} ending ${p.last4}`
    : `${p.bankName ?? 'Bank account'} ending ${p.last4}`;

/**
 * A saved method as the Pay with list and its Remove offer it: a card with its expiry, so two cards ending in
 * the same digits (a renewed card) can be told apart before one is charged or removed.
 */
export const profileChoiceLabel = (p: PaymentProfile): string =>
  p.expMonth && p.expYear
    ? `${profileLabel(p)}, expires ${String(p.expMonth).padStart(2, '0')}/${p.expYear}`
    : profileLabel(p);

export const paidText = (result: PaymentResult, what: string): string =>
  `Payment received: ${formatUsd(result.totalCents)} charged to ${what}.`;

/** The choice of what pays: a profile on file by id, or a new card or bank account. */
type Choice = { kind: 'profile'; profile: PaymentProfile } | { kind: 'newCard' } | { kind: 'newBank' };

const owedOf = (invoices: readonly Invoice[]) =>
  invoices.reduce((s, i) => s + (i.balanceCents ?? i.totalCents - i.paidCents), 0);

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `idk-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function PaymentModal({
  organizationId,
  invoices,
  gateway,
  opened,
  onClose,
  onPaid,
}: PaymentModalProps) {
  const calls = useAccountingCalls();
  const owed = owedOf(invoices);
  // The saved cards and bank accounts, read when the modal opens and after one is added or removed; a payer
  // with no profile at the gateway yet answers 404: nothing saved.
  const profiles = useLoad(opened ? ['payment-profiles', organizationId] : null, () =>
    calls.customerProfile(organizationId),
  );
  const saved: readonly PaymentProfile[] =
    profiles.state === 'loaded'
      ? profiles.data.paymentProfiles
      : profiles.state === 'failed' && profiles.status === 404
        ? []
        : (profiles.last?.paymentProfiles ?? gateway.paymentProfiles);
  const usable = saved.filter((p) =>
    p.accountType === CREDIT_CARD_ACCOUNT ? gateway.acceptsCreditCards : gateway.acceptsBankAccounts,
  );
  const [choice, setChoice] = useState<Choice>({ kind: 'newCard' });
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState<CardDraft>(emptyCard);
  const [bank, setBank] = useState<BankAccountInput>(emptyBankAccount);
  const [cardShown, setCardShown] = useState<Set<CardField>>(new Set());
  const [bankShown, setBankShown] = useState<Set<BankField>>(new Set());
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [declined, setDeclined] = useState<string[]>([]);
  const [amountShown, setAmountShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [keepNew, setKeepNew] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const key = useRef(newKey());
  /** A new card or account saved only to be charged: removed once the charge has answered. */
  const transient = useRef<string | null>(null);

  /** The new card or account used once and not to be kept: removed at the gateway (the list is read again). */
  const forgetTransient = async () => {
    const id = transient.current;
    if (!id) return;
    transient.current = null;
    await calls.deletePaymentProfile(organizationId, id);
    profiles.reload();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening resets the form from the invoices of that moment; closing lets a card used once go
  useEffect(() => {
    if (!opened) {
      void forgetTransient();
      return;
    }
    setAmount(formatMoney(owed));
    setCard(emptyCard);
    setBank(emptyBankAccount);
    setCardShown(new Set());
    setBankShown(new Set());
    setServerFields({});
    setDeclined([]);
    setAmountShown(false);
    setKeepNew(false);
    key.current = newKey();
  }, [opened]);

  // The saved ones are read before the choice is offered; then the first of them is the default.
  const ready = profiles.state === 'loaded' || profiles.state === 'failed';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening, when the saved ones are read
  useEffect(() => {
    if (!opened || !ready) return;
    const first = usable[0];
    setChoice(
      first
        ? { kind: 'profile', profile: first }
        : gateway.acceptsCreditCards
          ? { kind: 'newCard' }
          : { kind: 'newBank' },
    );
  }, [opened, ready]);

  const remove = async (profile: PaymentProfile) => {
    const sure = await confirm({
      title: 'Remove saved payment method',
      text: `Remove ${profileChoiceLabel(profile)} from the saved payment methods?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!sure) return;
    setRemoving(profile.paymentProfileId);
    const answer = await calls.deletePaymentProfile(organizationId, profile.paymentProfileId);
    setRemoving(null);
    if (!answer.ok) {
      toast.error([messages.inlineEditor.saveFailed, ...serverMessages(answer.error)].join(' '));
      return;
    }
    toast.success(`${profileLabel(profile)} removed.`);
    if (choice.kind === 'profile' && choice.profile.paymentProfileId === profile.paymentProfileId)
      setChoice(gateway.acceptsCreditCards ? { kind: 'newCard' } : { kind: 'newBank' });
    profiles.reload();
  };

  const method: PaymentMethod =
    choice.kind === 'newCard' ||
    (choice.kind === 'profile' && choice.profile.accountType === CREDIT_CARD_ACCOUNT)
      ? 'card'
      : 'bank';
  const amountNow = amountToPay(amount, owed);
  const charge = 'cents' in amountNow ? chargeOf(amountNow.cents, gateway.feeBasisPoints, method) : null;

  const pay = async () => {
    setAmountShown(true);
    setDeclined([]);
    setServerFields({});
    if (!charge) return;
    if (choice.kind === 'newCard') {
      setCardShown(new Set(['cardNumber', 'expMonth', 'expYear', 'cardCode']));
      if (Object.keys(cardFieldProblems(card)).length > 0) return;
    }
    if (choice.kind === 'newBank') {
      setBankShown(new Set(['routingNumber', 'accountNumber', 'nameOnAccount', 'bankName']));
      if (Object.keys(bankFieldProblems(bank)).length > 0) return;
    }
    setBusy(true);
    try {
      let profile: PaymentProfile;
      if (choice.kind === 'profile') profile = choice.profile;
      else {
        const input = cardInputOf(card);
        const saved = await calls.createPaymentProfile({
          payerOrganizationId: organizationId,
          creditCardGatewayProfileId: gateway.creditCardGatewayProfileId,
          gateway: gateway.gateway,
          ...(choice.kind === 'newCard'
            ? { creditCard: { ...input, cardType: cardTypeOf(input.cardNumber) ?? '' } }
            : { bankAccount: bank }),
        });
        if (!saved.ok) {
          refused(saved.error);
          return;
        }
        profile = saved.data;
        // A card the payer had saved already is that one (the service says so): kept, whatever the tick.
        if (keepNew || saved.data.alreadySaved) profiles.reload();
        else transient.current = profile.paymentProfileId;
        setChoice({ kind: 'profile', profile });
      }
      const answer = await calls.charge({
        payerOrganizationId: organizationId,
        gateway: gateway.gateway,
        ...(gateway.creditCardGatewayProfileId
          ? { creditCardGatewayProfileId: gateway.creditCardGatewayProfileId }
          : {}),
        creditCardGatewayPaymentProfileId: profile.paymentProfileId,
        amountToChargeCents: charge.amountCents,
        invoiceIds: invoices.map((i) => i.invoiceId),
        invoiceNumber: invoices.map((i) => i.invoiceNumber).join(','),
        expectedTotalCents: charge.totalCents,
        idempotencyKey: key.current,
      });
      if (answer.ok) {
        toast.success(paidText(answer.data, profileLabel(profile)));
        await forgetTransient();
        onPaid(answer.data);
        onClose();
        return;
      }
      // A network failure may have charged: the same key (and the same profile) again answers that charge.
      // An answer ends the key, and a card not to be kept goes.
      if (answer.status >= 400 && answer.status < 500) {
        key.current = newKey();
        await forgetTransient();
        setChoice(
          choice.kind === 'profile'
            ? choice
            : choice.kind === 'newBank'
              ? { kind: 'newBank' }
              : { kind: 'newCard' },
        );
      }
      refused(answer.error);
    } finally {
      setBusy(false);
    }
  };

  function refused(error: unknown) {
    const said = serverMessages(error);
    const byField: Record<string, string> = {};
    for (const [field, list] of Object.entries(fieldMessages(error))) {
      const name = field.replace(/^(creditCard|bankAccount)\./, '');
      if (list[0]) byField[name] = list[0];
    }
    setServerFields(byField);
    setDeclined(said);
    toast.error([messages.payment.chargeFailed, ...said].join(' '));
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Pay invoices" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {`Invoice${invoices.length === 1 ? '' : 's'} ${invoices.map((i) => i.invoiceNumber).join(', ')}: ${formatUsd(owed)} open.`}
        </Text>
        <TextInput
          label="Amount to pay"
          value={amount}
          disabled={busy}
          error={amountShown && 'problem' in amountNow ? amountNow.problem : undefined}
          onChange={(e) => {
            setAmountShown(true);
            setAmount(e.currentTarget.value);
          }}
        />
        {!ready && (
          <Center p="xs">
            <Loader size="sm" aria-label="Loading the saved payment methods" />
          </Center>
        )}
        {ready && (
          <Stack gap={4} role="radiogroup" aria-label="Pay with">
            {usable.map((p) => (
              <Group key={p.paymentProfileId} gap="xs">
                <Text size="sm" component="label">
                  <input
                    type="radio"
                    name="pay-with"
                    checked={
                      choice.kind === 'profile' && choice.profile.paymentProfileId === p.paymentProfileId
                    }
                    onChange={() => setChoice({ kind: 'profile', profile: p })}
                    disabled={busy}
                  />{' '}
                  {profileChoiceLabel(p)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${profileChoiceLabel(p)}`}
                  loading={removing === p.paymentProfileId}
                  disabled={busy}
                  onClick={() => void remove(p)}
                >
                  Remove
                </Button>
              </Group>
            ))}
            {gateway.acceptsCreditCards && (
              <Text size="sm" component="label">
                <input
                  type="radio"
                  name="pay-with"
                  checked={choice.kind === 'newCard'}
                  onChange={() => setChoice({ kind: 'newCard' })}
                  disabled={busy}
                />{' '}
                New card
              </Text>
            )}
            {gateway.acceptsBankAccounts && (
              <Text size="sm" component="label">
                <input
                  type="radio"
                  name="pay-with"
                  checked={choice.kind === 'newBank'}
                  onChange={() => setChoice({ kind: 'newBank' })}
                  disabled={busy}
                />{' '}
                New bank account
              </Text>
            )}
          </Stack>
        )}
        {ready && choice.kind === 'newCard' && (
          <CardForm
            draft={card}
            onChange={setCard}
            shown={cardShown}
            onTouched={(f) => setCardShown((s) => new Set(s).add(f))}
            serverErrors={serverFields}
            disabled={busy}
          />
        )}
        {ready && choice.kind === 'newBank' && (
          <BankAccountForm
            account={bank}
            onChange={setBank}
            shown={bankShown}
            onTouched={(f) => setBankShown((s) => new Set(s).add(f))}
            serverErrors={serverFields}
            disabled={busy}
          />
        )}
        {ready && (choice.kind === 'newCard' || choice.kind === 'newBank') && (
          <CheckboxField
            label="Save for future payments"
            checked={keepNew}
            onChange={setKeepNew}
            disabled={busy}
          />
        )}
        {charge && (
          <Stack gap={2} aria-label="Charge">
            <Text size="sm">{`Amount: ${formatUsd(charge.amountCents)}`}</Text>
            {method === 'card' && (
              <Text size="sm">{`Card processing fee (${formatPercent(gateway.feeBasisPoints)}%): ${formatUsd(charge.feeCents)}`}</Text>
            )}
            <Text size="sm" fw={700}>{`Total: ${formatUsd(charge.totalCents)}`}</Text>
          </Stack>
        )}
        {declined.length > 0 && (
          <Alert color="red" role="alert" title={messages.payment.chargeFailed}>
            <List size="sm">
              {declined.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void pay()} disabled={!charge || !ready}>
            {charge ? `Pay ${formatUsd(charge.totalCents)}` : 'Pay'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
