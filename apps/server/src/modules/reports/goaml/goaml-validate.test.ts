import { describe, expect, it } from 'vitest';
import { elementLines, fieldOfPath, staffMessage } from './goaml-validate';

describe('goAML validation messages', () => {
  it('finds each element by the line of its start tag, transactions numbered', () => {
    const xml =
      '<report>\n  <rentity_id>1</rentity_id>\n  <transaction>\n    <amount_local>1</amount_local>\n  </transaction>\n  <transaction>\n    <amount_local>x</amount_local>\n  </transaction>\n</report>';
    expect(elementLines(xml)).toEqual([
      { path: 'report', line: 1 },
      { path: 'report/rentity_id', line: 2 },
      { path: 'report/transaction[1]', line: 3 },
      { path: 'report/transaction[1]/amount_local', line: 4 },
      { path: 'report/transaction[2]', line: 6 },
      { path: 'report/transaction[2]/amount_local', line: 7 },
    ]);
  });

  it('maps element paths to the form fields that wrote them', () => {
    expect(fieldOfPath('report/reporting_person/email')).toBe('ReportingEmail');
    expect(fieldOfPath('report/transaction[2]/t_to_my_client/to_entity/email')).toBe('TransactionRefs');
    expect(fieldOfPath('report/submission_date')).toBeNull();
  });

  it('says the common XSD facets in words and keeps any other message', () => {
    const at = "report.xml:9: Schemas validity error : Element 'reason': ";
    expect(
      staffMessage(
        `${at}[facet 'minLength'] The value has a length of '0'; this underruns the allowed minimum length of '1'.`,
        null,
      ),
    ).toBe('Required by the goAML schema.');
    expect(
      staffMessage(
        `${at}[facet 'maxLength'] The value has a length of '300'; this exceeds the allowed maximum length of '255'.`,
        null,
      ),
    ).toBe('Longer than the goAML schema allows (at most 255 characters).');
    expect(
      staffMessage(`${at}[facet 'pattern'] The value 'ada@x' is not accepted by the pattern '[a-z]+'.`, null),
    ).toBe("'ada@x' is not in the form the goAML schema accepts.");
    expect(
      staffMessage(
        `${at}Missing child element(s). Expected is ( report_indicators ).`,
        'report/report_indicators',
      ),
    ).toBe('Required by the goAML schema (report_indicators is missing).');
    expect(staffMessage(`${at}'ABC' is not a valid value of the atomic type 'xs:int'.`, null)).toBe(
      "'ABC' is not a valid value of the atomic type 'xs:int'.",
    );
  });
});
