import { http, HttpResponse } from 'msw';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { verifySigV4 } from './sigv4';

/**
 * A hosted zone answering as the Route 53 API (2013-04-01, REST-XML) does:
 * ListResourceRecordSets in (name, type, identifier) order with
 * IsTruncated/NextRecord* paging, ChangeResourceRecordSets applying an
 * UPSERT batch atomically (one PRIMARY and one SECONDARY per failover name
 * and type, or 400 InvalidChangeBatch), GetChange PENDING once then
 * INSYNC, errors as `<ErrorResponse><Error>...`. Every request is
 * signature-checked and kept for the tests' assertions.
 */

const NS = 'https://route53.amazonaws.com/doc/2013-04-01/';
const BASE = 'https://route53.amazonaws.com/2013-04-01';

export interface FakeSet {
  Name: string;
  Type: string;
  SetIdentifier?: string;
  Weight?: number;
  Failover?: 'PRIMARY' | 'SECONDARY';
  TTL?: number;
  ResourceRecords?: { Value: string }[];
  AliasTarget?: {
    HostedZoneId: string;
    DNSName: string;
    EvaluateTargetHealth: boolean;
  };
  HealthCheckId?: string;
}

export interface SeenRequest {
  method: string;
  url: URL;
  body: string;
  credential: string;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  suppressEmptyNode: true,
});
const parser = new XMLParser({
  parseTagValue: false,
  isArray: name => name === 'Change' || name === 'ResourceRecord',
});

const xml = (status: number, root: string, body: object) =>
  new HttpResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
      [root]: { '@_xmlns': NS, ...body },
    })}`,
    {
      status,
      headers: { 'Content-Type': 'text/xml', 'x-amzn-RequestId': 'req-1' },
    },
  );

export function errorXml(status: number, code: string, message: string) {
  return xml(status, 'ErrorResponse', {
    Error: { Type: 'Sender', Code: code, Message: message },
    RequestId: 'req-1',
  });
}

function toXml(set: FakeSet) {
  const { ResourceRecords, ...rest } = set;
  return {
    ...rest,
    ...(ResourceRecords
      ? { ResourceRecords: { ResourceRecord: ResourceRecords } }
      : {}),
  };
}

/** A set as sent in a change batch, back in the SDK's shape. */
interface XmlSet {
  Name: string;
  Type: string;
  SetIdentifier?: string;
  Weight?: string;
  Failover?: 'PRIMARY' | 'SECONDARY';
  TTL?: string;
  ResourceRecords?: { ResourceRecord: { Value: string }[] };
  AliasTarget?: {
    HostedZoneId: string;
    DNSName: string;
    EvaluateTargetHealth: string;
  };
  HealthCheckId?: string;
}

function fromXml(x: XmlSet): FakeSet {
  const set: FakeSet = { Name: x.Name, Type: x.Type };
  if (x.SetIdentifier !== undefined) set.SetIdentifier = x.SetIdentifier;
  if (x.Weight !== undefined) set.Weight = Number(x.Weight);
  if (x.Failover !== undefined) set.Failover = x.Failover;
  if (x.TTL !== undefined) set.TTL = Number(x.TTL);
  if (x.ResourceRecords) set.ResourceRecords = x.ResourceRecords.ResourceRecord;
  if (x.AliasTarget) {
    set.AliasTarget = {
      ...x.AliasTarget,
      EvaluateTargetHealth: x.AliasTarget.EvaluateTargetHealth === 'true',
    };
  }
  if (x.HealthCheckId !== undefined) set.HealthCheckId = x.HealthCheckId;
  return set;
}

const order = (s: FakeSet) =>
  [s.Name, s.Type, s.SetIdentifier ?? ''].join('\u0000');

export class FakeRoute53 {
  sets: FakeSet[] = [];
  seen: SeenRequest[] = [];
  pageSize = 300;
  /** Answers the next request with this error instead. */
  failNext?: { status: number; code: string; message: string };
  /** Called when GetChange is asked (e.g. to abort the caller meanwhile). */
  onGetChange?: () => void;
  private changes = new Map<string, number>();

  constructor(readonly zone: string) {}

  reset(sets: FakeSet[]) {
    this.sets = sets;
    this.seen = [];
    this.pageSize = 300;
    this.onGetChange = undefined;
    this.changes.clear();
  }

  handlers() {
    const rrset = `${BASE}/hostedzone/${this.zone}/rrset`;
    return [
      http.get(rrset, ({ request }) =>
        this.answer(request, () => this.list(request)),
      ),
      http.post(new RegExp(`^${rrset}/?$`), ({ request }) =>
        this.answer(request, body => this.change(body)),
      ),
      http.get(`${BASE}/change/:id`, ({ request, params }) =>
        this.answer(request, () => this.getChange(String(params.id))),
      ),
    ];
  }

  private async answer(request: Request, work: (body: string) => Response) {
    const body = await request.text();
    const credential = verifySigV4(request, body);
    this.seen.push({
      method: request.method,
      url: new URL(request.url),
      body,
      credential,
    });
    const fail = this.failNext;
    this.failNext = undefined;
    return fail ? errorXml(fail.status, fail.code, fail.message) : work(body);
  }

  private list(request: Request) {
    const q = new URL(request.url).searchParams;
    const start = [
      q.get('name') ?? '',
      q.get('type') ?? '',
      q.get('identifier') ?? '',
    ].join('\u0000');
    const max = Number(q.get('maxitems') ?? this.pageSize);
    const sorted = [...this.sets].sort((a, b) =>
      order(a) < order(b) ? -1 : 1,
    );
    const from = sorted.filter(s => order(s) >= start);
    const page = from.slice(0, max);
    const next = from[max];
    return xml(200, 'ListResourceRecordSetsResponse', {
      ResourceRecordSets: { ResourceRecordSet: page.map(toXml) },
      IsTruncated: String(!!next),
      ...(next
        ? {
            NextRecordName: next.Name,
            NextRecordType: next.Type,
            ...(next.SetIdentifier
              ? { NextRecordIdentifier: next.SetIdentifier }
              : {}),
          }
        : {}),
      MaxItems: String(max),
    });
  }

  private change(body: string) {
    const batch =
      parser.parse(body).ChangeResourceRecordSetsRequest.ChangeBatch;
    let next = [...this.sets];
    for (const change of batch.Changes.Change) {
      if (change.Action !== 'UPSERT')
        return errorXml(400, 'InvalidInput', 'UPSERT only here');
      const set = fromXml(change.ResourceRecordSet);
      next = [...next.filter(s => order(s) !== order(set)), set];
    }
    const roles = next
      .filter(s => s.Failover)
      .map(s => `${s.Name}/${s.Type}/${s.Failover}`);
    if (new Set(roles).size !== roles.length) {
      return errorXml(
        400,
        'InvalidChangeBatch',
        'two failover sets of one role',
      );
    }
    this.sets = next;
    const id = `C${String(this.changes.size + 1).padStart(4, '0')}`;
    this.changes.set(id, 0);
    return this.changeInfo('ChangeResourceRecordSetsResponse', id, 'PENDING');
  }

  private getChange(id: string) {
    this.onGetChange?.();
    const polls = (this.changes.get(id) ?? 0) + 1;
    this.changes.set(id, polls);
    return this.changeInfo(
      'GetChangeResponse',
      id,
      polls > 1 ? 'INSYNC' : 'PENDING',
    );
  }

  private changeInfo(root: string, id: string, status: string) {
    return xml(200, root, {
      ChangeInfo: {
        Id: `/change/${id}`,
        Status: status,
        SubmittedAt: '2026-12-06T10:00:00.000Z',
      },
    });
  }
}
