// The web app's one-way imports (DESIGN §7, STYLE "The tree is the architecture"): a feature never imports
// another feature, and the shared layers (components/, lib/) never import a feature or the app. Only app/
// composes features. Run by `npm run lint`; exits 1 listing each import that breaks a rule.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'apps/web/src');

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });

// Static imports, re-exports and dynamic import() of relative paths.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The top two folders of a file under src: ['features', 'staff'], ['components', 'data-table'], ['lib', …]. */
const placeOf = (file) => relative(src, file).split(sep);

const problems = [];
for (const file of filesUnder(src)) {
  const [layer, area] = placeOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1]);
    if (!target.startsWith(src + sep)) continue;
    const [targetLayer, targetArea] = placeOf(target);
    const line = text.slice(0, match.index).split('\n').length;
    const where = `${relative(root, file)}:${line} imports ${match[1]}`;
    if (layer === 'features' && targetLayer === 'features' && targetArea !== area)
      problems.push(
        `${where}: features do not import each other (move what they share to components/ or lib/)`,
      );
    if ((layer === 'components' || layer === 'lib') && (targetLayer === 'features' || targetLayer === 'app'))
      problems.push(`${where}: ${layer}/ is shared and must not import ${targetLayer}/`);
  }
}

if (problems.length > 0) {
  console.error(`Web import rules broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Web import rules: features are independent, components/ and lib/ import no feature.');
