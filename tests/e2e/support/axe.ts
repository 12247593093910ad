import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, default as Axe } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations of WCAG 2.1 A and AA on the page as it stands, outside `exclude`. axe is put into the page
 * directly and run there: the Playwright wrapper finishes every run in a page of its own, which costs a second or more
 * per check.
 */
export async function axeViolations(page: Page, exclude: string): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate((selector) => (window as unknown as { axe: typeof Axe }).axe.run(
    { exclude: [[selector]] },
    { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] },
  ).then((results) => results.violations), exclude);
}
