// A real browser for the portal's tests: Debian's Chromium (package `chromium`, at
// /usr/bin/chromium or CHROMIUM_PATH) driven by playwright-core, headless. Browser downloads
// do not work on our machines, so nothing is downloaded: without the binary the tests fail,
// saying how to install it (.ci/run installs it). axe-core checks each page against WCAG 2.2 AA.
import { existsSync } from 'node:fs';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The portal's browser tests need Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium), or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // As root, Chromium runs only without its sandbox; the rest keeps it off the closed network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const AXE_SOURCE = axe.source;
/** WCAG 2.2 AA: every rule axe-core tags with a level up to AA of 2.0, 2.1 and 2.2. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core's WCAG 2.2 AA violations on the page as it is now. It is evaluated through the
 * DevTools protocol, which the page's Content-Security-Policy does not govern, so the policy
 * under test stays as strict as it is for people.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const inPage = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await inPage.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, WCAG_22_AA);
}
