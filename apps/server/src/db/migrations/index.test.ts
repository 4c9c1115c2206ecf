import fs from 'node:fs';
import { expect, it } from 'vitest';
import { migrations } from './index.js';

it('lists every migration file in the folder, in timestamp order', () => {
  const files = fs
    .readdirSync(import.meta.dirname)
    .filter((f) => /^\d{14}-[a-z0-9-]+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});
