// What the pages of a journey's browser did lately, for the message of a failed journey. A CI run keeps no
// screenshot anyone can read afterwards, only its output: a journey that times out waiting for a heading must
// say what the page showed instead (a login form, an error panel, nothing) and which requests failed.
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Entries kept per page, and characters of a page's text quoted: a failure's message stays readable. */
const ENTRIES_KEPT = 40;
const TEXT_QUOTED = 600;

const history = new WeakMap<Page, string[]>();
const browsers = new Set<Browser>();

/** Records every page of every context `browser` opens from now on (the journeys open many of each). */
export function recordPages(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  // Browser.newPage opens its context through newContext too, so every page passes here.
  browser.newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const context = await newContext(...args);
    context.on('page', record);
    return context;
  };
}

function record(page: Page): void {
  const started = performance.now();
  const entries: string[] = [];
  history.set(page, entries);
  const add = (line: string) => {
    entries.push(`+${((performance.now() - started) / 1000).toFixed(1)} s ${line}`);
    if (entries.length > ENTRIES_KEPT) entries.shift();
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`at ${new URL(frame.url()).pathname}`);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() >= 400 || request.resourceType() === 'fetch')
      add(`${request.method()} ${new URL(response.url()).pathname} ${response.status()}`);
  });
  page.on('requestfailed', (request) =>
    add(`${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') add(`console error: ${message.text().slice(0, 200)}`);
  });
  page.on('pageerror', (error) => add(`page error: ${error.message.slice(0, 200)}`));
}

/** Each open page of the recorded browsers: its address, its last requests and errors, and its main text. */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const text = await page
          .evaluate(() => (document.querySelector('main') ?? document.body)?.innerText ?? '')
          .then((t) => t.replace(/\s+/g, ' ').trim().slice(0, TEXT_QUOTED))
          .catch((error: unknown) => `(text unreadable: ${String(error).slice(0, 100)})`);
        parts.push(
          [
            `page at ${page.url()}`,
            ...(history.get(page) ?? []).map((e) => `  ${e}`),
            `  shows: ${text}`,
          ].join('\n'),
        );
      }
    }
  }
  return parts.length ? parts.join('\n') : 'no page open';
}
