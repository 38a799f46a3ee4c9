import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The XSD every report is validated against: the built-in subset, or the FIU's own file (GOAML_XSD_PATH). */
export interface GoamlSchema {
  source: 'built-in' | 'operator';
  /** The file's name as the screen and the stored report name it. */
  name: string;
  sha256: string;
  text: string;
}

const BUILT_IN = path.resolve(import.meta.dirname, 'goaml-subset.xsd');

/**
 * Reads the XSD once. An operator's path that cannot be read stops the start with its reason: filing against
 * the wrong schema silently would be worse than not starting.
 */
export function loadGoamlSchema(xsdPath: string | undefined): GoamlSchema {
  const file = xsdPath ?? BUILT_IN;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`GOAML_XSD_PATH ${file} cannot be read: ${(error as Error).message}`);
  }
  if (!/<(xs|xsd):schema\b/.test(text)) throw new Error(`GOAML_XSD_PATH ${file} is not an XML Schema`);
  return {
    source: xsdPath ? 'operator' : 'built-in',
    name: xsdPath ? path.basename(file) : 'built-in goAML subset (goaml-subset.xsd)',
    sha256: createHash('sha256').update(text).digest('hex'),
    text,
  };
}
