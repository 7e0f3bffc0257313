import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveState } from './live-store';
import NotificationBell from './notification-bell';

const channel = vi.hoisted(() => ({ started: [] as { onPoints: (points: number) => void }[], stopped: 0 }));
vi.mock('./live-channel', () => ({
  connectLiveChannel: (options: { onPoints: (points: number) => void }) => {
    channel.started.push(options);
    return () => {
      channel.stopped += 1;
    };
  },
}));

afterEach(() => {
  act(() => liveState.setUnread(null));
  channel.started = [];
  channel.stopped = 0;
});

describe('NotificationBell', () => {
  it('says the unread count in its name, shows it as a badge, and follows the live count', async () => {
    const onPoints = vi.fn();
    const { unmount } = render(
      <MemoryRouter>
        <NotificationBell userId="u1" onPoints={onPoints} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
    expect(screen.queryByTestId('bell-count')).toBeNull();
    await vi.waitFor(() => expect(channel.started).toHaveLength(1));
    act(() => liveState.setUnread(3));
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByTestId('bell-count').textContent).toBe('3');
    act(() => liveState.setUnread(120));
    expect(screen.getByTestId('bell-count').textContent).toBe('99+');
    // The channel's balance events reach the header's callback.
    channel.started[0]!.onPoints(4200);
    expect(onPoints).toHaveBeenCalledWith(4200);
    unmount();
    expect(channel.stopped).toBe(1);
  });
});
