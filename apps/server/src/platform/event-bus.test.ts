import { describe, expect, it } from 'vitest';
import { EventHub } from './event-bus.ts';

/** Resumption (Last-Event-ID): the kept events after an id, in arrival order, with commits that land out of id order. */
describe('EventHub.since', () => {
  const payload = (id: number) => JSON.stringify({ id, t: 'race', k: 'race', d: null });

  it('answers exactly the events above the id, also when commits arrived out of id order', () => {
    const hub = new EventHub(() => 0);
    // 5 drew its id before 4 and 6 but committed after them.
    for (const id of [1, 2, 3, 4, 6, 5, 7, 8]) hub.receive(payload(id));
    expect(hub.since(4).map((e) => e.id)).toEqual([6, 5, 7, 8]);
    expect(hub.since(6).map((e) => e.id)).toEqual([7, 8]);
    expect(hub.since(8)).toEqual([]);
    expect(hub.since(0).map((e) => e.id)).toEqual([1, 2, 3, 4, 6, 5, 7, 8]);
  });

  it('with thousands kept, answers what a stream missed and nothing older', () => {
    const hub = new EventHub(() => 0);
    for (let id = 1; id <= 10_000; id += 1) hub.receive(payload(id));
    expect(hub.since(9_997).map((e) => e.id)).toEqual([9_998, 9_999, 10_000]);
    expect(hub.since(5_000)).toHaveLength(5_000);
  });
});
