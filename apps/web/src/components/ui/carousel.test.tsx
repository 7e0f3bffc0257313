import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, CarouselAutoplayToggle, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious, type CarouselApi } from '@/components/ui/carousel';

// happy-dom has no layout engine, and embla measures offsetLeft/offsetWidth. Give the viewport and
// its flex container the width of one slide and lay the slides out side by side, so the real
// embla sees three full-width slides and can scroll. happy-dom's computed style has no margins
// either (embla reads the last slide's margin as the end gap), hence the explicit zero margins.
const SLIDE_WIDTH = 100;
const noMargin = { margin: '0px' };
const layoutProperties = ['offsetWidth', 'offsetHeight', 'offsetLeft', 'offsetTop'] as const;
const originalDescriptors = layoutProperties.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);

function slideIndex(element: HTMLElement): number {
  return element.parentElement ? Array.from(element.parentElement.children).indexOf(element) : 0;
}

beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      const isCarouselPart =
        this.dataset.slot === 'carousel-item' || this.dataset.slot === 'carousel-content' || this.parentElement?.dataset.slot === 'carousel-content';
      return isCarouselPart ? SLIDE_WIDTH : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 50 });
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', { configurable: true, get: () => 0 });
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.slot === 'carousel-item' ? slideIndex(this) * SLIDE_WIDTH : 0;
    },
  });
});

afterEach(() => {
  for (const [name, descriptor] of originalDescriptors) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderCarousel(props: { autoplayMs?: number } = {}) {
  let api: CarouselApi;
  const result = render(
    <Carousel aria-label="Featured raffles" setApi={(next) => (api = next)} {...props}>
      <CarouselContent>
        <CarouselItem aria-label="1 of 3" style={noMargin}>
          Raffle A
        </CarouselItem>
        <CarouselItem aria-label="2 of 3" style={noMargin}>
          Raffle B
        </CarouselItem>
        <CarouselItem aria-label="3 of 3" style={noMargin}>
          Raffle C <input aria-label="Note" />
        </CarouselItem>
      </CarouselContent>
      <CarouselPrevious />
      <CarouselNext />
      <CarouselAutoplayToggle />
    </Carousel>,
  );
  return {
    ...result,
    region: screen.getByRole('region', { name: 'Featured raffles' }),
    previous: () => screen.getByRole('button', { name: 'Previous slide' }) as HTMLButtonElement,
    next: () => screen.getByRole('button', { name: 'Next slide' }) as HTMLButtonElement,
    selected: () => api?.selectedScrollSnap(),
  };
}

function mockReducedMotion(isReduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: isReduced && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('Carousel', () => {
  it('is a named carousel region whose slides are groups with the slide role description', () => {
    const { region } = renderCarousel();
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = screen.getAllByRole('group');
    expect(slides).toHaveLength(3);
    for (const slide of slides) expect(slide.getAttribute('aria-roledescription')).toBe('slide');
    expect(screen.getByRole('group', { name: '2 of 3' }).textContent).toBe('Raffle B');
  });

  it('disables Previous at the start and Next at the end', async () => {
    const user = userEvent.setup();
    const { previous, next, selected } = renderCarousel();
    await vi.waitFor(() => expect(next().disabled).toBe(false));
    expect(previous().disabled).toBe(true);
    expect(selected()).toBe(0);

    await user.click(next());
    expect(selected()).toBe(1);
    expect(previous().disabled).toBe(false);

    await user.click(next());
    expect(selected()).toBe(2);
    expect(next().disabled).toBe(true);

    await user.click(previous());
    expect(selected()).toBe(1);
  });

  it('hands focus to the other arrow when the focused one becomes disabled', async () => {
    const user = userEvent.setup();
    const { previous, next, selected } = renderCarousel();
    await vi.waitFor(() => expect(next().disabled).toBe(false));
    await user.click(next());
    await user.click(next());
    expect(selected()).toBe(2);
    expect(document.activeElement).toBe(previous());
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(selected()).toBe(0);
    expect(document.activeElement).toBe(next());
  });

  it('moves between slides with the arrow keys while focus is inside, but not while typing', async () => {
    const user = userEvent.setup();
    const { next, selected } = renderCarousel();
    await vi.waitFor(() => expect(next().disabled).toBe(false));
    next().focus();
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe(1);
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe(2);
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toBe(1);

    screen.getByRole('textbox', { name: 'Note' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toBe(1);
  });

  describe('autoplay', () => {
    it('advances every autoplayMs and wraps to the first slide', async () => {
      mockReducedMotion(false);
      vi.useFakeTimers();
      const { region, selected } = renderCarousel({ autoplayMs: 8000 });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(region.getAttribute('data-autoplay')).toBe('running');
      expect(selected()).toBe(0);

      await act(() => vi.advanceTimersByTimeAsync(7999));
      expect(selected()).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(selected()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(8000));
      expect(selected()).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(8000));
      expect(selected()).toBe(0);
    });

    it('pauses while hovered or focused and resumes afterwards', async () => {
      mockReducedMotion(false);
      vi.useFakeTimers();
      const { region, next, selected } = renderCarousel({ autoplayMs: 8000 });
      await act(() => vi.advanceTimersByTimeAsync(0));

      fireEvent.mouseEnter(region);
      expect(region.getAttribute('data-autoplay')).toBe('stopped');
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(selected()).toBe(0);
      fireEvent.mouseLeave(region);

      act(() => next().focus());
      expect(region.getAttribute('data-autoplay')).toBe('stopped');
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(selected()).toBe(0);

      act(() => next().blur());
      expect(region.getAttribute('data-autoplay')).toBe('running');
      await act(() => vi.advanceTimersByTimeAsync(8000));
      expect(selected()).toBe(1);
    });

    it('stops and restarts with the rotation button', async () => {
      mockReducedMotion(false);
      vi.useFakeTimers();
      const { region, selected } = renderCarousel({ autoplayMs: 8000 });
      await act(() => vi.advanceTimersByTimeAsync(0));
      fireEvent.click(screen.getByRole('button', { name: 'Stop slide rotation' }));
      // Moving focus away from the button must not restart a rotation the person stopped.
      act(() => screen.getByRole('button', { name: 'Start slide rotation' }).blur());
      expect(region.getAttribute('data-autoplay')).toBe('stopped');
      await act(() => vi.advanceTimersByTimeAsync(40_000));
      expect(selected()).toBe(0);

      fireEvent.click(screen.getByRole('button', { name: 'Start slide rotation' }));
      act(() => screen.getByRole('button', { name: 'Stop slide rotation' }).blur());
      await act(() => vi.advanceTimersByTimeAsync(8000));
      expect(selected()).toBe(1);
    });

    it('never runs when the person prefers reduced motion', async () => {
      mockReducedMotion(true);
      vi.useFakeTimers();
      const { region, selected } = renderCarousel({ autoplayMs: 8000 });
      await act(() => vi.advanceTimersByTimeAsync(40_000));
      expect(region.getAttribute('data-autoplay')).toBe('stopped');
      expect(selected()).toBe(0);
      expect(screen.queryByRole('button', { name: /slide rotation/ })).toBeNull();
    });

    it('does not run without autoplayMs', async () => {
      mockReducedMotion(false);
      vi.useFakeTimers();
      const { region, selected } = renderCarousel();
      await act(() => vi.advanceTimersByTimeAsync(40_000));
      expect(region.getAttribute('data-autoplay')).toBe('stopped');
      expect(selected()).toBe(0);
    });
  });
});
