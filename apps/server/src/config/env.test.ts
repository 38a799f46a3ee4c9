import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('configuration', () => {
  it('reads external sidebar links as Label=URL pairs', () => {
    const env = readEnv({ TOOLS_LINKS: 'Grafana=https://grafana.internal; Kibana = http://kibana:5601/app' });
    expect(env.TOOLS_LINKS).toEqual([
      { label: 'Grafana', url: 'https://grafana.internal' },
      { label: 'Kibana', url: 'http://kibana:5601/app' },
    ]);
    expect(env.TOMCAT_SERVER_LINKS).toEqual([]);
  });

  it('refuses a link that is not an http(s) address, naming the setting', () => {
    expect(() => readEnv({ TOMCAT_SERVER_LINKS: 'Manager=javascript:alert(1)' })).toThrow(
      /TOMCAT_SERVER_LINKS/,
    );
  });

  it('reads the status upstreams as http(s) addresses, a blank one as unset', () => {
    const env = readEnv({ STATUS_URL_ARTEMIS: 'http://artemis.internal:8080/health', STATUS_URL_KC: '' });
    expect(env.STATUS_URL_ARTEMIS).toBe('http://artemis.internal:8080/health');
    expect(env.STATUS_URL_KC).toBeUndefined();
    expect(env.STATUS_URL_KC_BROKER).toBeUndefined();
    expect(env.STATUS_TIMEOUT_MS).toBe(3000);
  });

  it('refuses a status upstream that is not an http(s) address', () => {
    expect(() => readEnv({ STATUS_URL_KC_SOCKETS: 'file:///etc/passwd' })).toThrow(/STATUS_URL_KC_SOCKETS/);
  });

  it('refuses a port out of range', () => {
    expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT/);
  });
});
