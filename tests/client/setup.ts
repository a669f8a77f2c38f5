/** Test environment for components: jest-dom matchers and the browser APIs Mantine expects. */
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetReadFlights } from '../../src/data/read-flights';
import { takeStrays } from './fake-server';

afterEach(() => {
  cleanup();
  forgetReadFlights();
});

// A test that faked a call the product cannot make (no catalogue entry) fails, even if the page
// swallowed the fetch error.
afterEach(() => {
  const strays = takeStrays();
  if (strays.length) throw new Error(`requests outside the catalogue: ${strays.join(', ')}`);
});

// Whole-app flows load lazy routes and chunks; on a shared 2-core CI machine that takes longer than
// Testing Library's default of 1 s, which made findBy* time out although the screen came.
configure({ asyncUtilTimeout: 4000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

Element.prototype.scrollIntoView = vi.fn();
Element.prototype.scrollTo = vi.fn() as unknown as Element['scrollTo'];

/**
 * happy-dom's Node.prototype.nodeName getter answers '' for elements (subclasses override it).
 * DOMPurify reads nodeName through that prototype getter, so under happy-dom it would drop every
 * allowed element and keep <script>. Browsers are not affected; this makes the sanitising tests
 * meaningful here by delegating to the subclass's getter.
 */
const nodeNameDesc = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
if (nodeNameDesc?.get) {
  const original = nodeNameDesc.get;
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (
        let proto = Object.getPrototypeOf(this) as object | null;
        proto && proto !== Node.prototype;
        proto = Object.getPrototypeOf(proto) as object | null
      ) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get) return own.get.call(this) as string;
      }
      return original.call(this) as string;
    },
  });
}
