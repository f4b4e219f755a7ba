// A service's replicas taken in turn, one that did not answer left out for a while.
import { describe, expect, it } from 'vitest';
import { ReplicaSet, replicasOf } from '../../src/domain/replicas.ts';

describe('replicasOf', () => {
  it('reads one address or several, comma-separated', () => {
    expect(replicasOf('http://127.0.0.1:8101')).toEqual(['http://127.0.0.1:8101']);
    expect(replicasOf('http://a:8101/, http://b:8101')).toEqual(['http://a:8101', 'http://b:8101']);
  });
});

describe('ReplicaSet', () => {
  it('takes the replicas in turn, leaves out one that failed until its time is up, and takes it back when it answers', () => {
    let now = 0;
    const set = new ReplicaSet(['a', 'b', 'c'], { downForMs: 5000, now: () => now });
    expect([set.next(), set.next(), set.next(), set.next()]).toEqual(['a', 'b', 'c', 'a']);
    set.failed('b');
    expect([set.next(), set.next(), set.next(), set.next()]).toEqual(['c', 'a', 'c', 'a']);
    now = 5000;
    expect([set.next(), set.next(), set.next()]).toEqual(['b', 'c', 'a']);
    set.failed('a');
    set.answered('a');
    expect([set.next(), set.next()]).toEqual(['b', 'c']);
  });

  it('when every replica failed, still sends to one (it may be back), and never back to the one just refused', () => {
    const set = new ReplicaSet(['a', 'b']);
    set.failed('a');
    set.failed('b');
    expect(['a', 'b']).toContain(set.next());
    expect(set.next('a')).toBe('b');
    expect(new ReplicaSet(['only']).next('only')).toBe('only');
  });
});
