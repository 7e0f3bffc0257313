import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveTopics, MAX_LIVE_TOPICS, useLiveTopics } from './live-topics';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function Probe({ topics }: { topics: string[] }) {
  const live = useLiveTopics(topics);
  return <p>{live ? 'live' : 'polling'}</p>;
}

describe('the live topics of the open pages', () => {
  it('keeps race first, counts users of a topic, drops bad ones, and holds at most the server’s limit', () => {
    const a = liveTopics.add([`raffle:${id(1)}`]);
    const b = liveTopics.add([`raffle:${id(1)}`, `hunt:${id(2)}`, 'raffle:not-an-id', 'users:all']);
    expect(liveTopics.get()).toEqual(['race', `hunt:${id(2)}`, `raffle:${id(1)}`]);
    b();
    expect(liveTopics.get()).toEqual(['race', `raffle:${id(1)}`]);
    a();
    expect(liveTopics.get()).toEqual(['race']);
    const many = liveTopics.add(Array.from({ length: 20 }, (_, i) => `raffle:${id(i + 10)}`));
    expect(liveTopics.get()).toHaveLength(MAX_LIVE_TOPICS);
    many();
  });

  it('tells a page whether the channel carries its topics, and lets them go when it unmounts', () => {
    const topic = `hunt:${id(3)}`;
    const { unmount } = render(<Probe topics={[topic]} />);
    expect(liveTopics.get()).toContain(topic);
    expect(screen.getByText('polling')).toBeTruthy();
    act(() => liveTopics.setConnected(['race']));
    expect(screen.getByText('polling')).toBeTruthy();
    act(() => liveTopics.setConnected(['race', topic]));
    expect(screen.getByText('live')).toBeTruthy();
    act(() => liveTopics.setConnected(null));
    expect(screen.getByText('polling')).toBeTruthy();
    unmount();
    expect(liveTopics.get()).toEqual(['race']);
  });
});
