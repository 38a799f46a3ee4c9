import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer, withTimeouts } from './mailer';

describe('createMailer', () => {
  it('gives SMTP timeouts well under the marketing runner’s 10 minutes, keeping any the URL sets', () => {
    const url = new URL(withTimeouts('smtps://user:p%40ss@mail.example.test:465/?socketTimeout=5000'));
    expect(url.searchParams.get('connectionTimeout')).toBe('30000');
    expect(url.searchParams.get('greetingTimeout')).toBe('30000');
    expect(url.searchParams.get('socketTimeout')).toBe('5000');
    expect(url.username).toBe('user');
    expect(url.password).toBe('p%40ss');
    expect(url.port).toBe('465');
  });

  it('keeps both mails to one address sent in the same moment, as two outbox files', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ smtpUrl: undefined, from: 'Back-office <bo@test>', outboxDir });
    await Promise.all(
      ['First', 'Second', 'Third'].map((subject) =>
        mailer.send({ to: 'shop@example.test', subject, text: subject }),
      ),
    );
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(3);
  });
});
