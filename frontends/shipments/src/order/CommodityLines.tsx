import { type DensityScaleId, FreightClass, LengthUnit, WeightUnit } from '@loadline/contracts';
import {
  Button,
  CheckboxField,
  Group,
  Paper,
  SelectField,
  Stack,
  Text,
  TextInput,
  Title,
} from '@loadline/ui';
import {
  type CommodityForm,
  commodityClass,
  emptyCommodity,
  freightClassName,
  type OrderForm,
  type Problems,
} from './orderForm.ts';

export interface CommodityLinesProps {
  form: OrderForm;
  scale: DensityScaleId;
  problems: Problems;
  onChange: (next: OrderForm) => void;
  /** the hazmat flag of a line changed by hand */
  onHazardous: (index: number, hazardous: boolean) => void;
  /** back office: open the hazmat modal of a line */
  onHazmatDetails?: ((index: number) => void) | undefined;
}

const classChoices = FreightClass.entries
  .filter((c) => c.value !== 0)
  .map((c) => ({ value: String(c.value), name: c.name }));
const weightUnits = WeightUnit.entries.map((u) => ({ value: u.value, name: u.name }));
const lengthUnits = LengthUnit.entries.map((u) => ({ value: u.value, name: u.name }));

/**
 * The order's commodities: pieces, weight, one piece's dimensions, and the freight class inline (000 §5, 002 §9:
 * from density on the broker's scale unless the user picks one), with each line's hazmat flag.
 */
export function CommodityLines({
  form,
  scale,
  problems,
  onChange,
  onHazardous,
  onHazmatDetails,
}: CommodityLinesProps) {
  const setLine = (index: number, patch: Partial<CommodityForm>) =>
    onChange({
      ...form,
      commodities: form.commodities.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    });
  const unitName = LengthUnit.nameOf(form.dimensionUnit) ?? '';
  return (
    <Paper withBorder p="sm" role="region" aria-label="Commodities">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>Commodities</Title>
          <Group gap="xs">
            <SelectField
              label="Weight unit"
              value={form.weightUnit}
              choices={weightUnits}
              onChange={(v) => onChange({ ...form, weightUnit: Number(v) as OrderForm['weightUnit'] })}
            />
            <SelectField
              label="Dimension unit"
              value={form.dimensionUnit}
              choices={lengthUnits}
              onChange={(v) => onChange({ ...form, dimensionUnit: Number(v) as OrderForm['dimensionUnit'] })}
            />
          </Group>
        </Group>
        {problems.commodities && (
          <Text c="red" size="sm" role="alert">
            {problems.commodities}
          </Text>
        )}
        {form.commodities.map((c, i) => {
          const cls = commodityClass(c, form, scale);
          const err = (f: string) => problems[`commodities.${i}.${f}`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id before they are saved
            <Paper key={i} withBorder p="xs" role="group" aria-label={`Commodity ${i + 1}`}>
              <Stack gap={4}>
                <Group grow align="flex-start">
                  <TextInput
                    label="Description"
                    size="xs"
                    value={c.description}
                    error={err('description')}
                    onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                  />
                  <TextInput
                    label="Pieces"
                    size="xs"
                    inputMode="numeric"
                    value={c.pieces}
                    error={err('pieces')}
                    onChange={(e) => setLine(i, { pieces: e.currentTarget.value })}
                  />
                  <TextInput
                    label={`Weight (${WeightUnit.nameOf(form.weightUnit)})`}
                    size="xs"
                    inputMode="decimal"
                    value={c.weight}
                    error={err('weight')}
                    onChange={(e) => setLine(i, { weight: e.currentTarget.value })}
                  />
                </Group>
                <Group grow align="flex-start">
                  {(['length', 'width', 'height'] as const).map((d) => (
                    <TextInput
                      key={d}
                      label={`${d[0]!.toUpperCase()}${d.slice(1)} (${unitName})`}
                      size="xs"
                      inputMode="decimal"
                      value={c[d]}
                      error={err(d)}
                      onChange={(e) => setLine(i, { [d]: e.currentTarget.value })}
                    />
                  ))}
                  <SelectField
                    label="Freight class"
                    value={c.freightClass}
                    choices={classChoices}
                    placeholder="From density"
                    onChange={(v) => setLine(i, { freightClass: v })}
                  />
                </Group>
                <Group justify="space-between">
                  <Text size="xs" data-testid={`class-${i}`}>
                    Class {freightClassName(cls.freightClass)}
                    {cls.fromDensity && cls.density !== null
                      ? ` (density ${cls.density.toFixed(2)} lb/ft³)`
                      : ''}
                  </Text>
                  <Group gap="xs">
                    <CheckboxField
                      label="Hazardous"
                      size="xs"
                      checked={c.hazardous}
                      onChange={(checked) => onHazardous(i, checked)}
                    />
                    {onHazmatDetails && c.hazardous && (
                      <Button size="compact-xs" variant="light" onClick={() => onHazmatDetails(i)}>
                        {c.hazmat ? `Hazmat ${c.hazmat.unNumber}` : 'Hazmat details'}
                      </Button>
                    )}
                    {form.commodities.length > 1 && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          onChange({ ...form, commodities: form.commodities.filter((_, j) => j !== i) })
                        }
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                </Group>
                {err('hazmat') && (
                  <Text c="red" size="xs" role="alert">
                    {err('hazmat')}
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => onChange({ ...form, commodities: [...form.commodities, emptyCommodity()] })}
          >
            Add commodity
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
