/**
 * @module Starts the system's headless Chromium (Debian's /usr/bin/chromium,
 * or $CHROMIUM_PATH) through playwright-core: no downloaded browser. Used by
 * the screenshot script and the browser tests of report.html.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Whether the Chromium binary is present. */
export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * @example
 * const browser = await launchChromium();
 * try { … } finally { await browser.close(); }
 */
export async function launchChromium(): Promise<Browser> {
  // Imported lazily: playwright-core is a dev dependency, not needed to write reports.
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
