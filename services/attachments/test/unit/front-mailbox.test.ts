// The pure rules of reading and sending a Front mailbox through Front's API (decision 0037, "Front").
import { describe, expect, it } from 'vitest';
import {
  conversationsToProcess,
  DEFAULT_FRONT_API_URL,
  FRONT_CURSOR_EPOCH,
  frontApiUrlSetting,
  frontMessageKey,
  frontStatusFor,
  messagesToRead,
  onApi,
  rateLimitWait,
  sendingChannel,
} from '../../src/domain/front-mailbox.ts';
import { messageKey } from '../../src/domain/inbound-mail.ts';

const msg = (id: string, createdAtMs: number, isInbound = true, conversationId = 'cnv_1') => ({
  id,
  conversationId,
  isInbound,
  createdAtMs,
});

describe('Front mailboxes', () => {
  it('keys a message by its id, never like an IMAP UID', () => {
    expect(frontMessageKey('usr_1', 'msg_a')).toBe('usr_1:front:msg_a');
    expect(frontMessageKey('usr_1', 'msg_a')).not.toBe(messageKey('usr_1', FRONT_CURSOR_EPOCH, 1));
    expect(FRONT_CURSOR_EPOCH).toBe(0n);
  });

  it('reads received messages from the cursor on, each once, oldest first', () => {
    const listed = [
      msg('msg_c', 300),
      msg('msg_b', 200),
      msg('msg_out', 250, false),
      msg('msg_a', 100),
      msg('msg_b', 200),
    ];
    expect(messagesToRead(listed, 0).map((m) => m.id)).toEqual(['msg_a', 'msg_b', 'msg_c']);
    // at the cursor's millisecond: taken again (the key tells a message already read)
    expect(messagesToRead(listed, 200).map((m) => m.id)).toEqual(['msg_b', 'msg_c']);
    expect(messagesToRead(listed, 301)).toEqual([]);
  });

  it('post-processes as conversation statuses: Archive archives, Delete trashes, the others leave it', () => {
    expect(frontStatusFor('Archive')).toBe('archived');
    expect(frontStatusFor('Delete')).toBe('deleted');
    expect(frontStatusFor('MarkAsRead')).toBeNull();
    expect(frontStatusFor('DoNothing')).toBeNull();
  });

  it('post-processes conversations with a message read, never one with a message left as it is', () => {
    expect(
      conversationsToProcess([
        { conversationId: 'a', outcome: 'filed' },
        { conversationId: 'a', outcome: 'known' },
        { conversationId: 'b', outcome: 'unmatched' },
        { conversationId: 'c', outcome: 'filed' },
        { conversationId: 'c', outcome: 'skipped' },
        { conversationId: 'd', outcome: 'skipped' },
      ]),
    ).toEqual(['a', 'b']);
  });

  it("sends through the channel of the mailbox's account, else the first", () => {
    const channels = [
      { id: 'cha_1', address: 'team@broker.example', send_as: null },
      { id: 'cha_2', address: 'x', send_as: 'Ops@Broker.example' },
    ];
    expect(sendingChannel(channels, 'ops@broker.example')?.id).toBe('cha_2');
    expect(sendingChannel(channels, 'nobody@else.example')?.id).toBe('cha_1');
    expect(sendingChannel([], 'ops@broker.example')).toBeUndefined();
  });

  it('waits out a rate limit by Retry-After, a few times and not too long', () => {
    expect(rateLimitWait('2', 0)).toBe(2000);
    expect(rateLimitWait(null, 1)).toBe(2000);
    expect(rateLimitWait('0', 0)).toBe(100);
    expect(rateLimitWait('120', 0)).toBeUndefined();
    expect(rateLimitWait('1', 3)).toBeUndefined();
  });

  it("sends the token only to the API's own origin", () => {
    expect(onApi('https://api2.frontapp.com/download/fil_1', DEFAULT_FRONT_API_URL)).toBe(true);
    expect(onApi('https://evil.example/download/fil_1', DEFAULT_FRONT_API_URL)).toBe(false);
    expect(onApi('not a url', DEFAULT_FRONT_API_URL)).toBe(false);
  });

  it('takes FRONT_API_URL, naming it when wrong', () => {
    expect(frontApiUrlSetting(undefined)).toBe('https://api2.frontapp.com');
    expect(frontApiUrlSetting('http://127.0.0.1:14500/')).toBe('http://127.0.0.1:14500');
    expect(() => frontApiUrlSetting('ftp://x')).toThrow(/FRONT_API_URL/);
    expect(() => frontApiUrlSetting('nope')).toThrow(/FRONT_API_URL/);
  });
});
