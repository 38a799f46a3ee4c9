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

  it('refuses a port out of range', () => {
    expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT/);
  });
});
