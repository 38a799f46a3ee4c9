import { GOAML_FIELD_LABELS, type GoamlField, type GoamlValidationError } from '@bo/contract';
import { validateXML } from 'xmllint-wasm';
import type { GoamlSchema } from './goaml-schema';

/**
 * Which form field writes each element (paths without positions). Elements no field writes (the submission
 * date, the local currency, the codes) are the report's as a whole; any element inside a transaction comes from
 * the transactions chosen.
 */
const FIELD_OF_PATH: Record<string, GoamlField> = {
  'report/rentity_id': 'RentityID',
  'report/rentity_branch': 'RentityBranch',
  'report/submission_code': 'SubmissionCode',
  'report/report_code': 'ReportCode',
  'report/entity_reference': 'EntityReference',
  'report/reporting_person': 'ReportingFirstName',
  'report/reporting_person/first_name': 'ReportingFirstName',
  'report/reporting_person/last_name': 'ReportingLastName',
  'report/reporting_person/email': 'ReportingEmail',
  'report/reporting_person/occupation': 'ReportingOccupation',
  'report/location': 'LocationAddress',
  'report/location/address': 'LocationAddress',
  'report/location/city': 'LocationCity',
  'report/location/country_code': 'LocationCountry',
  'report/reason': 'Reason',
  'report/action': 'Action',
  'report/transaction': 'TransactionRefs',
  'report/report_indicators': 'Indicators',
  'report/report_indicators/indicator': 'Indicators',
};

export function fieldOfPath(elementPath: string): GoamlField | null {
  const plain = elementPath.replace(/\[\d+\]/g, '');
  if (FIELD_OF_PATH[plain]) return FIELD_OF_PATH[plain];
  if (plain.startsWith('report/transaction/')) return 'TransactionRefs';
  return null;
}

interface Opened {
  path: string;
  line: number;
}

/**
 * Every element's path by the line its start tag is on (report/transaction[2]/amount_local). xmllint names an
 * element only by its local name and line; the path tells a transaction's `email` from the reporting person's.
 */
export function elementLines(xml: string): Opened[] {
  const opened: Opened[] = [];
  const stack: string[] = [];
  const counts: Array<Map<string, number>> = [new Map()];
  let line = 1;
  let last = 0;
  for (const match of xml.matchAll(/<(\/?)([A-Za-z_][\w.-]*)[^>]*?(\/?)>/g)) {
    const at = match.index ?? 0;
    for (let i = last; i < at; i++) if (xml.charCodeAt(i) === 10) line++;
    last = at;
    const [, closing, name = '', selfClosing] = match;
    if (closing) {
      stack.pop();
      counts.pop();
      continue;
    }
    const siblings = counts[counts.length - 1] ?? new Map<string, number>();
    const n = (siblings.get(name) ?? 0) + 1;
    siblings.set(name, n);
    const segment = name === 'transaction' ? `${name}[${n}]` : name;
    const elementPath = [...stack, segment].join('/');
    opened.push({ path: elementPath, line });
    if (!selfClosing) {
      stack.push(segment);
      counts.push(new Map());
    }
  }
  return opened;
}

/** The element an xmllint message is about: its path, from the named element at (or just before) its line. */
function elementOf(message: string, line: number | null, lines: Opened[]): string | null {
  const named = /Element '([^']+)'/.exec(message)?.[1];
  if (!named) return null;
  const local = named.replace(/^\{[^}]*\}/, '');
  const candidates = lines.filter(
    (o) =>
      o.path
        .split('/')
        .at(-1)
        ?.replace(/\[\d+\]$/, '') === local,
  );
  if (candidates.length === 0) return null;
  if (line === null) return candidates[0]?.path ?? null;
  const before = candidates.filter((o) => o.line <= line);
  return (before.at(-1) ?? candidates[0])?.path ?? null;
}

/**
 * A missing child names what was expected: 'Expected is ( report_indicators )' → report/report_indicators.
 * Of several ('one of ( transaction, report_indicators )' after the last transaction), the first the parent
 * does not have yet is the one missing.
 */
function expectedChild(message: string, parent: string | null, lines: Opened[]): string | null {
  const list = /Expected is (?:one of )?\(([^)]*)\)/.exec(message)?.[1];
  if (!list || !parent) return null;
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const plain = (p: string) => p.replace(/\[\d+\]/g, '');
  const present = (name: string) => lines.some((o) => plain(o.path) === plain(`${parent}/${name}`));
  const name = names.find((n) => !present(n)) ?? names[0];
  return name ? `${parent}/${name}` : null;
}

/** xmllint's message without 'Schemas validity error : ' and the element prefix. */
const plainMessage = (message: string) =>
  message
    .replace(/^.*?Schemas validity error\s*:\s*/, '')
    .replace(/^Element '[^']+'(?:, attribute '[^']+')?:\s*/, '')
    .trim();

/**
 * The message staff read under a field: the common facets in words (the raw line stays beside it), any other
 * message as libxml2 wrote it.
 */
export function staffMessage(message: string, missing: string | null): string {
  const plain = plainMessage(message);
  if (missing) return `Required by the goAML schema (${missing.split('/').at(-1)} is missing).`;
  if (/^\[facet 'minLength'\] The value has a length of '0'/.test(plain))
    return 'Required by the goAML schema.';
  const tooLong = /^\[facet 'maxLength'\].*maximum length of '(\d+)'/.exec(plain);
  if (tooLong) return `Longer than the goAML schema allows (at most ${tooLong[1]} characters).`;
  const pattern = /^\[facet 'pattern'\] The value '(.*)' is not accepted by the pattern/.exec(plain);
  if (pattern) return `'${pattern[1]}' is not in the form the goAML schema accepts.`;
  const enumeration = /^\[facet 'enumeration'\] The value '(.*)' is not an element of the set \{(.*)\}/.exec(
    plain,
  );
  if (enumeration) return `'${enumeration[1]}' is not one of ${enumeration[2]}.`;
  return plain.replace(/^\[facet '[^']+'\]\s*/, '');
}

export interface GoamlCheck {
  valid: boolean;
  errors: GoamlValidationError[];
}

/**
 * Validates the XML against the schema with libxml2 (xmllint compiled to WebAssembly, the same engine the
 * goAML portals' own checks are built on) and maps each error to the form field that wrote the element.
 */
export async function validateGoaml(xml: string, schema: GoamlSchema): Promise<GoamlCheck> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'goaml.xsd', contents: schema.text }],
  });
  if (result.valid) return { valid: true, errors: [] };
  const lines = elementLines(xml);
  const errors = result.errors
    .filter((e) => !/fails to validate$/.test(e.rawMessage.trim()))
    .map((e): GoamlValidationError => {
      const line = e.loc?.lineNumber ?? null;
      const element = elementOf(e.message, line, lines);
      const missing = /Missing child element|This element is not expected/.test(e.message)
        ? expectedChild(e.message, element, lines)
        : null;
      const field = fieldOfPath(missing ?? element ?? '');
      return {
        Field: field,
        Label: field ? GOAML_FIELD_LABELS[field] : 'Report',
        Message: staffMessage(e.message, missing),
        Element: missing ?? element,
        Line: line,
        Raw: e.rawMessage.trim(),
      };
    });
  // A document libxml2 could not read has no element errors: its whole output is the message.
  if (errors.length === 0)
    errors.push({
      Field: null,
      Label: 'Report',
      Message: result.rawOutput.trim() || 'The report does not validate against the goAML schema',
      Element: null,
      Line: null,
      Raw: result.rawOutput.trim(),
    });
  return { valid: false, errors };
}
