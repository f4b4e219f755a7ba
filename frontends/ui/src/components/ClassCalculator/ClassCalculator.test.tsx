import '../../../test/setup.ts';
import type { DensityScaleId } from '@loadline/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadlineProvider } from '../LoadlineProvider/index.ts';
import { ClassCalculator } from './ClassCalculator.tsx';

function renderCalculator(scale: DensityScaleId) {
  return render(
    <LoadlineProvider env="test">
      <ClassCalculator scale={scale} />
    </LoadlineProvider>,
  );
}

function enter(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

/** One 12 x 12 x 12 in piece is 1 ft³, so the weight in pounds is the density. */
function cubicFootWeighing(pounds: string) {
  enter(/^Length/, '12');
  enter(/^Width/, '12');
  enter(/^Height/, '12');
  enter(/^Weight$/, pounds);
}

const freightClass = () => screen.getByTestId('freight-class').textContent;

describe('ClassCalculator (000 §5, §9)', () => {
  it.each([
    // density lb/ft³, standard, standard with the scale update, alternate
    ['40', '60', '55', '55'],
    ['55', '60', '50', '50'],
    ['14', '85', '85', '77.5'],
    ['10.5', '92.5', '92.5', '92.5'],
    ['9.5', '100', '100', '100'],
    ['3.5', '250', '250', '250'],
    ['0.5', '400', '400', '500'],
  ])('density %s gives class %s / %s / %s on the three scales', (density, standard, update, alternate) => {
    for (const [scale, expected] of [
      ['standard', standard],
      ['standardScaleUpdate', update],
      ['alternate', alternate],
    ] as const) {
      const view = renderCalculator(scale);
      cubicFootWeighing(density);
      expect(screen.getByTestId('volume').textContent).toBe('1 ft³');
      expect(freightClass(), `${scale} at ${density}`).toBe(expected);
      view.unmount();
    }
  });

  it('shows the scale in use', () => {
    renderCalculator('alternate');
    expect(screen.getByLabelText('Density scale').textContent).toContain('Alternate');
  });

  it('counts a non-positive or invalid piece count as 1 and multiplies per-piece weight', () => {
    renderCalculator('standard');
    cubicFootWeighing('40');
    enter(/^Pieces/, '-2');
    expect(screen.getByTestId('volume').textContent).toBe('1 ft³');
    enter(/^Pieces/, '3');
    expect(screen.getByTestId('volume').textContent).toBe('3 ft³');
    // 40 lb over 3 ft³ = 13.33 lb/ft³ → 85
    expect(freightClass()).toBe('85');
    fireEvent.click(screen.getByLabelText('Weight is per piece'));
    // 120 lb over 3 ft³ = 40 lb/ft³ → 60
    expect(freightClass()).toBe('60');
  });

  it('shows the volume to 3 significant digits', () => {
    renderCalculator('standard');
    enter(/^Length/, '10');
    enter(/^Width/, '10');
    enter(/^Height/, '10');
    enter(/^Weight$/, '100');
    expect(screen.getByTestId('volume').textContent).toBe('0.579 ft³');
  });

  it('caps an estimate at 4 ft wide and 8 ft high', () => {
    renderCalculator('standard');
    fireEvent.click(screen.getByLabelText('Dimension unit', { selector: 'input' }));
    fireEvent.click(screen.getByRole('option', { name: 'ft' }));
    expect(screen.getByLabelText(/^Length \(ft\)/, { selector: 'input' })).toBeTruthy();
    enter(/^Length/, '10');
    enter(/^Width/, '6');
    enter(/^Height/, '9');
    enter(/^Weight$/, '100');
    expect(screen.getByTestId('volume').textContent).toBe('540 ft³');
    fireEvent.click(screen.getByLabelText('Estimated dimensions'));
    // 10 x 4 x 8
    expect(screen.getByTestId('volume').textContent).toBe('320 ft³');
  });
});
