// jsdom lacks a few browser APIs Mantine relies on. Every frontend test imports this file first
// (the root vitest.config.ts has no setup file per project, and it belongs to everyone).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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

// findBy*/waitFor give up after 1 s by default: lazy chunks (the toasts' container, a remote's map) and a
// machine shared by several test runs take longer, and a test would fail for the clock, not the code.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
