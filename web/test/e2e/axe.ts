import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated, not added as an inline <script>: the page's CSP rightly refuses inline scripts.
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
