import { ConfigReader } from '@backstage/config';
import { readIncidentConfig } from './config';

const read = (failover: object) =>
  readIncidentConfig(new ConfigReader(failover));

describe('readIncidentConfig', () => {
  it('reads both channels with their defaults', () => {
    expect(
      read({
        pagerDuty: { routingKey: 'key' },
        statusPage: {
          pageId: 'kctbh9vrtdwd',
          apiKey: 'sp',
          componentIds: { checkout: 'cmp1' },
        },
      }),
    ).toEqual({
      pagerDuty: {
        routingKey: 'key',
        eventsUrl: 'https://events.pagerduty.com/v2/enqueue',
        severity: 'critical',
      },
      statusPage: {
        pageId: 'kctbh9vrtdwd',
        apiKey: 'sp',
        componentIds: { checkout: 'cmp1' },
        apiUrl: 'https://api.statuspage.io',
      },
    });
    expect(read({})).toEqual({ pagerDuty: undefined, statusPage: undefined });
  });

  it('refuses a plain-http URL, an unknown severity and a page id with a path in it', () => {
    expect(() =>
      read({ pagerDuty: { routingKey: 'k', eventsUrl: 'http://pd.example' } }),
    ).toThrow('eventsUrl must be an https URL');
    expect(() =>
      read({ pagerDuty: { routingKey: 'k', severity: 'sev1' } }),
    ).toThrow('severity must be one of critical, error, warning, info');
    expect(() =>
      read({ statusPage: { pageId: '../admin', apiKey: 'k' } }),
    ).toThrow('pageId is not a page id');
  });
});
