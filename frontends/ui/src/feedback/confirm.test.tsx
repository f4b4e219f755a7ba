import '../../test/setup.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadlineProvider } from '../components/LoadlineProvider/index.ts';
import { confirm } from './confirm.tsx';
import { modalSizes } from './modalSizes.ts';

const renderProvider = () => render(<LoadlineProvider env="test" />);

describe('confirm (000 §8 generic dialog)', () => {
  it("defaults to 'Warning', 'Are you sure you want to continue?', Continue and Cancel; Continue resolves true", async () => {
    renderProvider();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm();
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Warning');
    expect(dialog.textContent).toContain('Are you sure you want to continue?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on Cancel and takes other texts', async () => {
    renderProvider();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({
        title: 'Delete',
        text: 'Delete the bill to?',
        confirmLabel: 'Delete',
        cancelLabel: 'Keep',
      });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete the bill to?');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    await expect(answer).resolves.toBe(false);
  });
});

describe('modalSizes', () => {
  it("maps the spec's sizes to Mantine's", () => {
    expect(modalSizes).toEqual({ small: 'sm', medium: 'md', large: 'lg', extraLarge: 'xl' });
  });
});
