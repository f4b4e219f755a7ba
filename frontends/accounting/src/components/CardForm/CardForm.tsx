// The card form (001 §3 creditCard, §5): number with the card type shown as it is typed, expiry month and
// year (21 years of choices), security code; each field says what is wrong with it as the user types (once
// touched) or after a submit, with the shared rules' words, and the server's words for a field it refuses.
import { expiryYearChoices } from '@loadline/contracts';
import { Badge, Group, SelectField, TextInput } from '@loadline/ui';
import {
  type CardDraft,
  type CardField,
  cardFieldProblems,
  typedCardType,
  typedCvvLength,
} from '../../rules/payment.ts';

export interface CardFormProps {
  draft: CardDraft;
  onChange: (draft: CardDraft) => void;
  /** fields the user has changed, or every field after a submit: their problems show */
  shown: ReadonlySet<CardField>;
  onTouched: (field: CardField) => void;
  /** the server's words by field (model.creditCard.<field>) */
  serverErrors?: Partial<Record<CardField, string>>;
  disabled?: boolean;
  now?: Date;
}

const months = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  name: String(i + 1).padStart(2, '0'),
}));

export function CardForm({
  draft,
  onChange,
  shown,
  onTouched,
  serverErrors = {},
  disabled = false,
  now,
}: CardFormProps) {
  const problems = cardFieldProblems(draft, now);
  const errorOf = (field: CardField) =>
    (shown.has(field) ? problems[field] : undefined) ?? serverErrors[field];
  const set = (field: CardField, value: string) => {
    onTouched(field);
    onChange({ ...draft, [field]: value });
  };
  const type = typedCardType(draft.cardNumber);
  const years = expiryYearChoices(now).map((y) => ({ value: String(y), name: String(y) }));
  return (
    <>
      <TextInput
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={draft.cardNumber}
        disabled={disabled}
        error={errorOf('cardNumber')}
        rightSectionWidth={140}
        rightSection={
          type ? (
            <Badge variant="light" aria-label="Card type">
              {type.name}
            </Badge>
          ) : null
        }
        onChange={(e) => set('cardNumber', e.currentTarget.value)}
      />
      <Group grow align="flex-start">
        <SelectField
          label="Expiry month"
          value={draft.expMonth}
          choices={[{ value: '', name: 'Month' }, ...months]}
          onChange={(v) => set('expMonth', v)}
          error={errorOf('expMonth')}
          disabled={disabled}
        />
        <SelectField
          label="Expiry year"
          value={draft.expYear}
          choices={[{ value: '', name: 'Year' }, ...years]}
          onChange={(v) => set('expYear', v)}
          error={errorOf('expYear')}
          disabled={disabled}
        />
        <TextInput
          label={`Security code (${typedCvvLength(draft.cardNumber)} digits)`}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={draft.cardCode}
          disabled={disabled}
          error={errorOf('cardCode')}
          onChange={(e) => set('cardCode', e.currentTarget.value)}
        />
      </Group>
    </>
  );
}
