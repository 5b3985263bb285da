import { fileURLToPath } from 'node:url';
import { buildImportGraph, printImportFigures } from './import-graph';

// Prints the import figures of the tree: `npx tsx test/architecture/figures.ts [api/ shared/ web/ ...]`
// (the folders whose file circles count; api/, shared/ and web/ unless given).
const root = fileURLToPath(new URL('../..', import.meta.url));
const prefixes = process.argv.slice(2);
printImportFigures(buildImportGraph(root), prefixes.length > 0 ? prefixes : undefined);
