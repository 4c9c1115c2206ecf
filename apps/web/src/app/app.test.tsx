import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from './app';

describe('App', () => {
  it('renders the exchange title', () => {
    expect(renderToStaticMarkup(<App />)).toContain('<h1>Exchange</h1>');
  });
});
