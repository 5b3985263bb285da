import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './server';

/**
 * Screenshots for review; the folder is git-ignored. One image pixel per CSS pixel: a whole tall page
 * at a tablet's 2× density is four times the pixels to capture and encode, which on a busy machine
 * took longer than the 10 s every other step is given. A picture for review should not fail a test on
 * a slow machine, so it gets 30 s.
 */
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', scale: 'css', timeout: 30_000 });
  return file;
}
