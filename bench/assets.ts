import { gzipSync } from 'node:zlib';

export interface PageWeight {
  page: string;
  /** Gzipped bytes (zlib level 9) of the JavaScript and CSS the page's HTML references. */
  jsGzip: number;
  cssGzip: number;
  files: string[];
}

/** The script and stylesheet URLs in an HTML document: `<script src>`, stylesheet and modulepreload links. */
export function assetUrls(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) js.add(src);
      continue;
    }
    const rel = attr('rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attr('href');
    if (!href) continue;
    if (rel.includes('stylesheet')) css.add(href);
    else if (rel.includes('modulepreload')) js.add(href);
  }
  return { js: [...js], css: [...css] };
}

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

/** Fetches the page's HTML, then each asset it references, and sums the gzip sizes. */
export async function measurePage(baseUrl: string, page: string): Promise<PageWeight> {
  const pageUrl = new URL(page, baseUrl);
  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`GET ${page} answered ${response.status}`);
  const { js, css } = assetUrls(await response.text());
  const sum = async (urls: string[]) => {
    let total = 0;
    for (const url of urls) total += await gzipSize(new URL(url, pageUrl).href);
    return total;
  };
  return { page, jsGzip: await sum(js), cssGzip: await sum(css), files: [...js, ...css] };
}
