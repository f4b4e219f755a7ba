import { ShipmentStatus } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import { statusBarSteps } from './statusBar.ts';
import { statusMantineColour } from './statusColours.ts';

const S = ShipmentStatus.values;
const colouredCount = (status: number) => statusBarSteps(status).filter((s) => s.coloured).length;
const currentStep = (status: number) => statusBarSteps(status).find((s) => s.current)?.step;

describe('status bar (000 §4, 001 §4)', () => {
  it.each([
    [S.Quote, 1],
    [S.Committed, 2],
    [S.Ready, 2],
    [S.Sent, 2],
    [S.Dispatched, 3],
    [S.InTransit, 4],
    [S.OutForDelivery, 4],
    [999, 4],
    [S.Delivered, 5],
    [S.Complete, 5],
    [S.Canceled, 5],
  ])('status %i is at step %i, with the steps at or below it coloured', (status, step) => {
    expect(currentStep(status)).toBe(step);
    expect(colouredCount(status)).toBe(step);
  });

  it('marks a canceled shipment canceled at step 5, in red', () => {
    const steps = statusBarSteps(S.Canceled);
    expect(steps.map((s) => s.canceled)).toEqual([false, false, false, false, true]);
    expect(steps[4]?.label).toBe('Canceled');
    expect(steps.every((s) => s.colour === 'red')).toBe(true);
  });

  it("colours the steps in the status's colour and names the current step after the status", () => {
    const steps = statusBarSteps(S.Ready);
    expect(steps.map((s) => s.label)).toEqual(['Quote', 'Ready', 'Dispatched', 'In Transit', 'Delivered']);
    expect(steps.map((s) => s.colour)).toEqual(['green', 'green', 'grey', 'grey', 'grey']);
    expect(statusBarSteps(S.Dispatched)[2]?.colour).toBe('amber');
  });
});

describe('status colours (000 §4)', () => {
  it.each([
    [S.Quote, 'lime'],
    [S.Committed, 'green'],
    [S.Ready, 'green'],
    [S.Sent, 'green'],
    [S.Dispatched, 'yellow'],
    [S.InTransit, 'blue'],
    [S.OutForDelivery, 'blue'],
    [S.Delivered, 'cyan'],
    [S.Complete, 'cyan'],
    [S.Canceled, 'red'],
    [12345, 'gray'],
  ])('status %i is drawn in %s', (status, colour) => {
    expect(statusMantineColour(status)).toBe(colour);
  });
});
