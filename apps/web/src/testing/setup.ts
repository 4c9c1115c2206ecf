import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, NAMESPACES, startI18n } from '@/i18n/i18n';

afterEach(() => cleanup());

// What jsdom lacks and Radix's Select calls when it opens by pointer and scrolls to its item.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

// The app's texts in English, the spec's wording the tests assert.
await startI18n('en');
await i18n.loadNamespaces(NAMESPACES);
