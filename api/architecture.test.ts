import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  dataLayerImportsOfLib,
  fileCircles,
  lowerLayerImportsOfModules,
  moduleLoopImports,
  moduleLoops,
  sharedImportsOfAppCode,
  webLayerViolations,
} from '@test/architecture/import-graph';

// The import rules of docs/architecture.md, checked over the source itself (tests excluded).
const graph = buildImportGraph(fileURLToPath(new URL('..', import.meta.url)));

describe('import graph', () => {
  it('reads the source of api/, shared/ and web/', () => {
    const files = [...graph.files.keys()];
    expect(files).toContain('api/app.ts');
    expect(files).toContain('shared/money.ts');
    expect(files).toContain('web/main.tsx');
    expect(files.some((file) => file.endsWith('.test.ts'))).toBe(false);
    const app = graph.files.get('api/app.ts') ?? [];
    expect(app.find((edge) => edge.specifier === './config')?.target).toBe('api/config.ts');
  });

  it('has no loop between API modules', () => {
    const report = moduleLoops(graph).map(
      (loop) => `${loop.join(' <-> ')}:\n  ${moduleLoopImports(graph, loop).join('\n  ')}`,
    );
    expect(report.join('\n'), 'modules that import each other in a loop').toBe('');
  });

  it('keeps api/db and api/lib free of module imports', () => {
    expect(lowerLayerImportsOfModules(graph)).toEqual([]);
  });

  it('lets api/lib build on api/db, never the other way round', () => {
    expect(dataLayerImportsOfLib(graph)).toEqual([]);
  });

  it('keeps shared/ free of api/ and web/', () => {
    expect(sharedImportsOfAppCode(graph)).toEqual([]);
  });

  it('keeps the web app in its layers: features never import features, lib and offline no UI', () => {
    expect(webLayerViolations(graph)).toEqual([]);
  });

  it('has no file import circle in api/, shared/ and web/', () => {
    const report = fileCircles(graph, ['api/', 'shared/', 'web/']).map((circle) => circle.join(' -> '));
    expect(report.join('\n'), 'files that import each other in a circle').toBe('');
  });
});
