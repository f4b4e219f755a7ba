// jsdom lacks a few browser APIs Mantine relies on. Every frontend test imports this file first
// (the root vitest.config.ts has no setup file per project, and it belongs to everyone).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core machine a Mantine modal's
// request, state change and re-render can take longer. What is asserted does not change.
configure({ asyncUtilTimeout: 5000 });

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  if (!('fonts' in document)) {
    // Mantine's autosizing Textarea listens for web fonts loading.
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}

afterEach(() => {
  cleanup();
});
