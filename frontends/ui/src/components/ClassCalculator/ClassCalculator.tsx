import {
  type DensityScaleId,
  FreightClass,
  LengthUnit,
  type LengthUnitValue,
  WeightUnit,
  type WeightUnitValue,
} from '@loadline/contracts';
import { calculateFreightClass, capEstimatedDimensions } from '@loadline/contracts/rules/freight-class';
import {
  Badge,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { catalogueOptions } from '../CatalogueOptions/index.ts';
import { densityScaleLabels } from './densityScaleLabels.ts';

export { densityScaleLabels };

export interface ClassCalculatorProps {
  /** The scale in force for the user's broker (useDensityScale); shown to the user. */
  scale: DensityScaleId;
}

const lengthOptions = catalogueOptions(LengthUnit);
const weightOptions = catalogueOptions(WeightUnit);
const num = (v: string | number): number => (typeof v === 'number' ? v : Number.parseFloat(v));

/**
 * The class calculator (000 §2 item 12, §5, §9): freight class from density with the broker's scale.
 * Every rule is the catalogue's `calculateFreightClass`; this component only gathers the inputs.
 */
export function ClassCalculator({ scale }: ClassCalculatorProps) {
  const [pieces, setPieces] = useState('1');
  const [length, setLength] = useState<string | number>('');
  const [width, setWidth] = useState<string | number>('');
  const [height, setHeight] = useState<string | number>('');
  const [dimensionUnit, setDimensionUnit] = useState<LengthUnitValue>(LengthUnit.values.Inch);
  const [weight, setWeight] = useState<string | number>('');
  const [weightUnit, setWeightUnit] = useState<WeightUnitValue>(WeightUnit.values.Pounds);
  const [perPiece, setPerPiece] = useState(false);
  const [estimate, setEstimate] = useState(false);

  const entered = { length: num(length), width: num(width), height: num(height) };
  const dims = estimate ? capEstimatedDimensions(entered, dimensionUnit) : entered;
  const result = calculateFreightClass({
    pieces,
    ...dims,
    dimensionUnit,
    weight: num(weight),
    weightUnit,
    perPiece,
    scale,
  });
  const unitName = LengthUnit.nameOf(dimensionUnit) ?? '';

  return (
    <Stack gap="sm" aria-label="Class calculator">
      <Group justify="space-between">
        <Text fw={600}>Class calculator</Text>
        <Badge variant="light" aria-label="Density scale">
          {densityScaleLabels[scale]} scale
        </Badge>
      </Group>
      <TextInput
        label="Pieces"
        inputMode="numeric"
        value={pieces}
        onChange={(e) => setPieces(e.currentTarget.value)}
      />
      <SimpleGrid cols={3} spacing="xs">
        <NumberInput label={`Length (${unitName})`} min={0} value={length} onChange={setLength} />
        <NumberInput label={`Width (${unitName})`} min={0} value={width} onChange={setWidth} />
        <NumberInput label={`Height (${unitName})`} min={0} value={height} onChange={setHeight} />
      </SimpleGrid>
      <Select
        label="Dimension unit"
        data={lengthOptions}
        value={String(dimensionUnit)}
        allowDeselect={false}
        onChange={(v) => v !== null && setDimensionUnit(Number(v) as LengthUnitValue)}
      />
      <Group grow align="flex-end">
        <NumberInput label="Weight" min={0} value={weight} onChange={setWeight} />
        <Select
          label="Weight unit"
          data={weightOptions}
          value={String(weightUnit)}
          allowDeselect={false}
          onChange={(v) => v !== null && setWeightUnit(Number(v) as WeightUnitValue)}
        />
      </Group>
      <Switch
        label="Weight is per piece"
        checked={perPiece}
        onChange={(e) => setPerPiece(e.currentTarget.checked)}
      />
      <Switch
        label="Estimated dimensions"
        checked={estimate}
        onChange={(e) => setEstimate(e.currentTarget.checked)}
      />
      <Table withRowBorders={false} aria-label="Class calculator result">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>Volume</Table.Th>
            <Table.Td data-testid="volume">
              {result.cubicFeet > 0 ? `${result.cubicFeetDisplay} ft³` : '—'}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Density</Table.Th>
            <Table.Td data-testid="density">
              {result.density === null ? '—' : `${result.density.toFixed(2)} lb/ft³`}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Freight class</Table.Th>
            <Table.Td data-testid="freight-class">
              {result.freightClass === null || result.totalWeightLb <= 0
                ? '—'
                : FreightClass.nameOf(result.freightClass)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
