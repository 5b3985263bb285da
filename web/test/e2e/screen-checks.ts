import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './axe';

// The layout checks of the screen tour, measured in the page. Each failure is one line naming the
// element and its measurement; the tour prefixes the screen and the size.

export interface LayoutRules {
  /** Touch targets of at least 44 px (tablets and phones; a desktop has a mouse). */
  touch: boolean;
}

/** Elements whose text must fit their box. */
const FITS_ITS_BOX = [
  'button',
  '[role=button]',
  'h1',
  'h2',
  'h3',
  'h4',
  '[class*=badge]',
  ':is(.card, [class*=_card_], [role=article]) :is(li, p, dt, dd, span, div)',
  '.facts :is(dt, dd)',
].join(', ');

/** Where names and emails sit: headings, card and fact lines, table cells, contact lines. */
const NAME_PLACES = 'h1, h2, h3, h4, dd, td, th, li, address p, [role=article] span, .letterhead__shop, .contact__name';

const INTERACTIVE = [
  'button',
  'a[href]',
  'input:not([type=hidden])',
  'select',
  'textarea',
  'summary',
  '[role=button]',
  '[role=tab]',
  '[role=combobox]',
  '[role=checkbox]',
  '[role=switch]',
  '[role=menuitem]',
  '[role=option]',
].join(', ');

/** The layout failures on the page as shown now (no horizontal scroll, fits, words, targets, text size). */
export async function layoutFailures(page: Page, rules: LayoutRules): Promise<string[]> {
  // The check names its helpers; a transform that keeps function names wraps them in `__name`.
  await page.evaluate('globalThis.__name = globalThis.__name || ((f) => f)');
  return page.evaluate(
    ({ fits, names, interactive, touch }) => {
      const failures: string[] = [];
      const shown = (el: Element) => {
        if (el.closest('[aria-hidden=true], [hidden], .sr-only')) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
        const r = el.getBoundingClientRect();
        // 1 px boxes are screen-reader-only text; a skip link waits above the page until focused.
        return r.width > 1 && r.height > 1 && r.bottom + window.scrollY > 0 && r.right + window.scrollX > 0;
      };
      const describe = (el: Element) => {
        const text = (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 50);
        const testId = el.getAttribute('data-testid');
        return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ''}> "${text}"`;
      };

      // The layout viewport (clientWidth): a phone zooms out to show a too-wide page, so innerWidth grows with it.
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth) {
        failures.push(`horizontal scroll: page is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
      }

      for (const el of document.querySelectorAll(fits)) {
        if (!shown(el) || el.clientWidth === 0) continue;
        if (el.scrollWidth > el.clientWidth + 1) {
          failures.push(
            `text overflows ${describe(el)}: scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`,
          );
        }
      }

      // A word (a name's part, an email) whose letters land on two lines was broken inside.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent ?? '';
        if (!parent || !text.trim() || !shown(parent)) continue;
        const isEmail = /\S+@\S+\.\S+/.test(text);
        if (!isEmail && !parent.closest(names)) continue;
        // An email is one word; a name may break after its hyphen ('Lostresponse-' / 'Whitfield').
        for (const match of text.matchAll(isEmail ? /\S{2,}/g : /[^\s-]{2,}-?/g)) {
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1)
            failures.push(`word broken across ${tops.size} lines: "${match[0]}" in ${describe(parent)}`);
        }
      }

      if (touch) {
        for (const el of document.querySelectorAll(interactive)) {
          if (!shown(el) || (el as HTMLElement).closest('[inert]')) continue;
          // A checkbox or radio is pressed through its label: the label is the target.
          const label = el.matches('input[type=checkbox], input[type=radio]')
            ? (el as HTMLInputElement).labels?.[0]
            : undefined;
          const r = (label ?? el).getBoundingClientRect();
          // WCAG's inline exception: a link inside a sentence is as tall as the sentence's line.
          const inline =
            el.tagName === 'A' &&
            getComputedStyle(el).display === 'inline' &&
            (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim();
          if (inline) continue;
          if (r.height < 44 || r.width < 44) {
            failures.push(
              `touch target too small: ${describe(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px (< 44)`,
            );
          }
        }
      }

      const small = new Map<string, number>();
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !(node.textContent ?? '').trim() || !shown(parent)) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < 16) small.set(`text smaller than 16 px: ${describe(parent)} is ${size} px`, size);
      }
      failures.push(...small.keys());
      return failures;
    },
    { fits: FITS_ITS_BOX, names: NAME_PLACES, interactive: INTERACTIVE, touch: rules.touch },
  );
}

/** Every failure of one stop: layout and axe (serious and critical only). */
export async function stopFailures(page: Page, rules: LayoutRules): Promise<string[]> {
  const layout = await layoutFailures(page, rules);
  const axe = (await seriousA11yViolations(page)).map(
    (v) => `axe ${v.impact} ${v.id} (${v.help}): ${v.targets.slice(0, 3).join(', ')}`,
  );
  return [...layout, ...axe];
}

/**
 * Waits for `content` inside the dialog `dialogName`. Should it not come, the failure says what the
 * screen showed instead: the loading stand-in, its error, or no dialog at all.
 */
export async function waitInDialog(page: Page, dialogName: string, content: Locator): Promise<void> {
  await content.waitFor().catch(async (error: unknown) => {
    const open = page.getByRole('dialog');
    const shown = (await open.count()) > 0 ? await open.first().innerText() : 'no dialog open';
    throw new Error(`${dialogName} did not show what was awaited; on screen: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  });
}
