import '../../../test/setup.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadlineProvider } from '../LoadlineProvider/index.ts';
import { RemoteBoundary, RemoteComponent } from './RemoteBoundary.tsx';

afterEach(() => vi.restoreAllMocks());

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('RemoteComponent / RemoteBoundary', () => {
  it('shows an error panel in place of a remote that fails to load, the rest still renders, and retry loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError: mf-manifest.json 502'))
      .mockResolvedValueOnce({ default: Greeting });
    render(
      <LoadlineProvider env="test">
        <header>Shell header</header>
        <RemoteComponent name="Organizations" load={load} props={{ name: 'Ana' }} />
      </LoadlineProvider>,
    );

    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('Organizations could not be loaded');
    expect(screen.getByText('Shell header')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats a remote that answers nothing (loadRemote gives null) as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <LoadlineProvider env="test">
        <RemoteComponent name="Organizations" load={async () => null} props={{ name: 'Ana' }} />
      </LoadlineProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Organizations could not be loaded');
  });

  it('catches a remote that throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('render failed');
    }
    render(
      <LoadlineProvider env="test">
        <RemoteBoundary name="Directory">
          <Broken />
        </RemoteBoundary>
      </LoadlineProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Directory could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
