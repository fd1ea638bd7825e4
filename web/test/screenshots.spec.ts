import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IMAGES } from './helpers';

const root = resolve(__dirname, '../..');

// No browser: the README's gallery must only show screenshots that the journeys take again on every run.
test('every dashboard screenshot the README and docs/dashboard.md show is taken by a browser test', () => {
  const shown = new Set<string>();
  for (const doc of ['README.md', 'docs/dashboard.md']) {
    for (const [, name] of readFileSync(join(root, doc), 'utf8').matchAll(/images\/(dashboard-[\w-]+)\.png/g)) shown.add(name);
  }
  const taken = new Set<string>();
  for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.spec.ts'))) {
    for (const [, name] of readFileSync(join(__dirname, file), 'utf8').matchAll(/\bscreenshot\(\w+, '([\w-]+)'\)/g)) taken.add(name);
  }
  // The README's gallery: overview, connections, compose, posts, calendar, webhooks, workspace, API keys, admin users, settings, mobile.
  expect(shown.size).toBeGreaterThanOrEqual(11);
  expect(
    [...shown].filter((name) => !taken.has(name)),
    'shown but taken by no test',
  ).toEqual([]);
  expect(
    [...shown].filter((name) => !existsSync(join(IMAGES, `${name}.png`))),
    'shown but missing from docs/images',
  ).toEqual([]);
});
