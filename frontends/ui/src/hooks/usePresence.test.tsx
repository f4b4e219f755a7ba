import '../../test/setup.ts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ws } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '../../test/msw.ts';
import type { PresenceUser } from '../api/types.ts';
import { liveSocketUrl } from '../rules/presence.ts';
import { sha1Hex, usePresence } from './usePresence.ts';

const server = setupMsw();
const live = ws.link('ws://localhost:3000/api/live');

const user = (n: number, DisplayName: string, UserNameSHA1: string): PresenceUser => ({
  GroupName: 'shp_1',
  PageTitle: 'Shipment shp_1',
  Uri: '/back-office/shipment/shipment-details/shp_1',
  ConnectionId: `c${n}`,
  DateTimeJoined: '2026-01-05T10:00:00Z',
  DisplayName,
  Company: 'Broker One',
  UserNameSHA1,
});

function Viewers(props: { enabled: boolean; self?: string }) {
  const { users } = usePresence({
    groupName: 'shp_1',
    pageTitle: 'Shipment shp_1',
    uri: '/back-office/shipment/shipment-details/shp_1',
    enabled: props.enabled,
    ...(props.self ? { selfUserNameSha1: props.self } : {}),
    reconnectMs: 50,
  });
  return <p data-testid="viewers">{users.map((u) => u.DisplayName).join(',')}</p>;
}

describe('usePresence (001 §3, §4, §6, §9)', () => {
  it('uses ws(s)://<host>/api/live', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'tms.example.com' })).toBe(
      'wss://tms.example.com/api/live',
    );
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/live');
  });

  it('joins the group, lists the other viewers, and leaves on unmount', async () => {
    const received: unknown[] = [];
    const self = await sha1Hex('ana@broker.test');
    server.use(
      live.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data));
          received.push(message);
          if (message.type === 'join') {
            client.send(JSON.stringify({ type: 'acknowledge', connectionId: 'c1' }));
            client.send(
              JSON.stringify({
                type: 'presence',
                groupName: 'shp_1',
                users: [user(1, 'Ana Diaz', self), user(2, 'Bo Chen', 'b0'), user(3, 'Bo Chen', 'b0')],
              }),
            );
          }
        });
      }),
    );
    const view = render(<Viewers enabled self={self} />);
    await waitFor(() => expect(screen.getByTestId('viewers').textContent).toBe('Bo Chen'));
    expect(received[0]).toEqual({
      type: 'join',
      groupName: 'shp_1',
      pageTitle: 'Shipment shp_1',
      uri: '/back-office/shipment/shipment-details/shp_1',
    });
    view.unmount();
    await waitFor(() => expect(received.at(-1)).toEqual({ type: 'leave', groupName: 'shp_1' }));
  });

  it('joins nothing when not enabled (customers, signed-out users)', async () => {
    let connections = 0;
    server.use(live.addEventListener('connection', () => connections++));
    render(<Viewers enabled={false} />);
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(connections).toBe(0);
  });

  it('reconnects after the connection drops, and joins again', async () => {
    let joins = 0;
    server.use(
      live.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          if (JSON.parse(String(event.data)).type !== 'join') return;
          joins++;
          if (joins === 1) client.close();
        });
      }),
    );
    render(<Viewers enabled />);
    await waitFor(() => expect(joins).toBe(2), { timeout: 2000 });
  });
});
