/// <reference lib="dom" />
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM } from './reach.js';
import { ROOT } from './spawn.js';

export { CHROMIUM };
/** Without Debian's Chromium the browser suites are declared skipped (CI requires it: TEST_REQUIRE_ALL). */
export const hasChromium = existsSync(CHROMIUM);

/** Screenshots and measurements of the browser tests (gitignored). */
export const OUTPUT = join(ROOT, 'test-output');

/**
 * The longest a browser test waits for a state to arrive (a render, a background write, a delivery):
 * Playwright's own default wait, used for `expect.poll` too, whose default of one second is too short.
 */
export const WAIT_MS = 30_000;

/**
 * The longest one browser story, or a browser suite's set-up (a server start, a browser launch), may
 * take on a loaded two-core machine: several audits, screenshots and waits.
 */
export const STORY_TIMEOUT_MS = 180_000;

/** The options of a browser suite's `describe`. */
export const STORY_OPTIONS = { timeout: STORY_TIMEOUT_MS };

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core inside the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an inline <script> would be refused by the page's CSP.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Each page's violations as one line apiece (page: rule (impact) help at targets); none is a pass. */
export const auditFindings = (audits: Record<string, AxeViolation[]>): string[] =>
  Object.entries(audits).flatMap(([name, violations]) =>
    violations.map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  );

export const WIDTHS = [360, 1280] as const;

export interface Viewport {
  width: number;
  height: number;
}

/** The default screenshots: a phone's and a desktop's width, 800 px high (the whole page is captured). */
const AT_WIDTHS: readonly Viewport[] = WIDTHS.map((width) => ({ width, height: 800 }));

/** A phone (iPhone 12 to 15) and a laptop, for suites that photograph at those sizes. */
export const PHONE_AND_DESKTOP: readonly Viewport[] = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * The outermost elements that reach past the right edge of the viewport and so make the page scroll
 * sideways (an element inside a box that scrolls or clips on its own does not), as `tag.class` with
 * their right edge; empty when the page fits its width.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth;
    if (root.scrollWidth <= limit) return [];
    // Clipped by an ancestor that scrolls or clips, from the element's containing block up: an absolutely
    // positioned element escapes every box below its nearest positioned ancestor, a fixed one all of them.
    const contained = (el: Element) => {
      const position = getComputedStyle(el).position;
      if (position === 'fixed') return false;
      let p = el.parentElement;
      if (position === 'absolute') while (p && getComputedStyle(p).position === 'static') p = p.parentElement;
      for (; p && p !== document.body && p !== root; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.getBoundingClientRect().right > limit + 1 && !contained(el)) past.add(el);
    }
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`;
    const outermost = [...past].filter((el) => !(el.parentElement && past.has(el.parentElement)));
    return [`page ${root.scrollWidth} px wide in a ${limit} px window`, ...outermost.slice(0, 5).map(name)];
  });
}

/**
 * Saves the page at a phone's and a desktop's width (or at `sizes`): test-output/screenshots/<name>-<width>.png.
 * At every width the page must fit: one that scrolls sideways fails the test (softly: the story goes on).
 */
export async function screenshots(page: Page, name: string, sizes: readonly Viewport[] = AT_WIDTHS): Promise<void> {
  const dir = join(OUTPUT, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  // A whole-page capture keeps the scroll position, which would draw the sticky sidebar part-way down.
  const scroll = await page.evaluate(() => [window.scrollX, window.scrollY] as const);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const { width, height } of sizes) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
    expect.soft(await sidewaysOverflow(page), `${name} at ${width} px scrolls sideways`).toEqual([]);
  }
  await page.setViewportSize(original);
  await page.evaluate(([x, y]) => window.scrollTo(x, y), scroll);
}

/**
 * Once the network is quiet, audits the page as it is now into `audits[name]` and photographs it at a
 * phone's and a desktop's width as `shot`.
 */
export async function auditAndShoot(
  page: Page,
  audits: Record<string, AxeViolation[]>,
  name: string,
  shot = name,
  sizes?: readonly Viewport[],
): Promise<void> {
  await quiet(page);
  audits[name] = await seriousViolations(page);
  await screenshots(page, shot, sizes);
}

/** Requests each page has made and not yet seen answered, to name them when the network never goes quiet. */
const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts keeping the page's unanswered requests (once per page): call it before the page's first visit. */
export function watchRequests(page: Page): Set<Request> {
  const known = inFlight.get(page);
  if (known) return known;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  const ended = (r: Request) => open.delete(r);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return open;
}

/** How long no request may be open before the page counts as quiet (Playwright's own `networkidle` measure). */
const QUIET_MS = 500;

/**
 * Waits until the page and its frames have had no request open for `QUIET_MS`. Playwright's
 * `networkidle` also waits for every frame's own lifecycle event, which a live preview's frame,
 * written afresh as the form changes, may never report; the requests themselves are what matter here.
 * If the network never goes quiet, the error names what was still loading.
 */
async function quiet(page: Page): Promise<void> {
  // A page not watched from its start may have requests open that were never seen: Playwright's own wait.
  if (!inFlight.has(page)) {
    watchRequests(page);
    return page.waitForLoadState('networkidle');
  }
  const pending = watchRequests(page);
  await page.waitForLoadState('load');
  const deadline = Date.now() + WAIT_MS;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    if (Date.now() > deadline) {
      throw new Error(
        `the network never went quiet on ${page.url()}; still loading: ${[...pending].map((r) => `${r.method()} ${r.url()}`).join(', ')}`,
      );
    }
    await page.waitForTimeout(50);
  }
}

/** Writes a suite's audits, by page name, to test-output/<file>. */
export function saveAudits(file: string, audits: Record<string, AxeViolation[]>): void {
  mkdirSync(OUTPUT, { recursive: true });
  writeFileSync(join(OUTPUT, file), JSON.stringify(audits, null, 2));
}

/** Collects the page's Content-Security-Policy refusals as Chromium reports them on the console. */
export function watchCsp(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return refused;
}
