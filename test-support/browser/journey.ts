import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, Locator, Page, TestInfo } from '@playwright/test';

/** The name under which a page hands its `securitypolicyviolation` events to the test. */
const REPORT_BINDING = '__reportCspViolation';

/** Chromium's console line for a blocked script, style, frame, form target … (also with JavaScript off). */
const CSP_CONSOLE_ERROR = /Content Security Policy/i;

/**
 * Collects every Content-Security-Policy violation in `context`, in any of its pages: the DOM's
 * `securitypolicyviolation` events (reported through a binding, since the page's own scripts are what the policy
 * restricts) and Chromium's console errors about the policy, which also come from pages without JavaScript.
 */
async function watchForViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, ({ page }, violation: string) => {
    violations.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: string) => void>)[binding];
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, REPORT_BINDING);
  context.on('console', (message) => {
    if (message.type() === 'error' && CSP_CONSOLE_ERROR.test(message.text())) violations.push(`${message.page()?.url()}: ${message.text()}`);
  });
}

/**
 * The test of every browser journey: it fails when anything the journey opened broke the site's
 * Content-Security-Policy, in the default context and in any context the journey makes with `browser.newContext()`.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, provide) => {
      const violations: string[] = [];
      await watchForViolations(context, violations);
      const newContext = browser.newContext.bind(browser);
      const watchedNewContext: Browser['newContext'] = async (options) => {
        const made = await newContext(options);
        await watchForViolations(made, violations);
        return made;
      };
      browser.newContext = watchedNewContext;
      try {
        await provide(violations);
      } finally {
        browser.newContext = newContext;
      }
      base.expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
