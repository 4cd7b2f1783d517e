/**
 * Text from entities and clusters (titles, reasons, errors) on its way to
 * people outside Backstage: notifications (rendered as Slack mrkdwn and
 * email HTML by the notifications modules), PagerDuty and Statuspage.
 * One rule for all of them, so no channel forgets it.
 */

/*
 * C0/C1 controls, DEL, line/paragraph separators, bidi overrides and
 * isolates, zero-width characters and the BOM: they reorder, hide or break
 * what a reader sees.
 */
/* eslint-disable no-control-regex */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;
const LINE_BREAKS = /[\t\n\r]/g;
/* eslint-enable no-control-regex */

/*
 * Markup: Slack reads `<...>` as a control sequence (`<!channel>`,
 * `<@U123>`, `<https://x|click>`) and an HTML renderer reads tags. The
 * same payload is also shown as plain text by Backstage, where `&lt;`
 * would show literally, so the brackets become look-alike characters
 * that every renderer shows as text.
 */
const MARKUP: Record<string, string> = { '<': '‹', '>': '›' };
// Slack turns these words into mentions when a client asks it to parse.
const MENTIONS = /@(channel|here|everyone)\b/gi;

const ELLIPSIS = '…';

export interface OutsideTextOptions {
  /** Keep line breaks (a description); else they become spaces. */
  multiline?: boolean;
  /** Neutralize Slack mrkdwn control sequences and HTML tags. */
  markup?: boolean;
}

/** Cuts to at most `max` code points, never inside a surrogate pair. */
function bound(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}${ELLIPSIS}`;
}

/**
 * `value` made safe for an outside channel and at most `max` characters
 * (ending in `…` when cut). Only a prefix of the input is read, so a
 * megabyte costs as much as `max` characters.
 */
export function outsideText(
  value: unknown,
  max: number,
  options: OutsideTextOptions = {},
): string {
  let raw = '';
  if (typeof value === 'string') raw = value;
  else if (value !== undefined) raw = `${value}`;
  // Reading past a prefix cannot change what is kept (at most `max`
  // code points of 2 units each), unless most of it is removed.
  const prefix = max * 4 + 8;
  const cut = raw.length > prefix;
  let text = cut ? raw.slice(0, prefix) : raw;
  text = text.replace(INVISIBLE, '');
  text = options.multiline
    ? text.replace(/\r\n?/g, '\n').replace(/[\t]/g, ' ')
    : text.replace(LINE_BREAKS, ' ');
  text = text.replace(/[ ]{2,}/g, ' ').replace(/\n{3,}/g, '\n\n');
  if (options.markup) {
    text = text
      .replace(/[<>]/g, c => MARKUP[c])
      .replace(MENTIONS, (_m, word: string) => `＠${word}`);
  }
  const bounded = bound(text.trim(), max);
  return cut && !bounded.endsWith(ELLIPSIS)
    ? bound(`${bounded}${ELLIPSIS}`, max)
    : bounded;
}

/** Bounds for the outside channels' fields, in characters. */
export const OUTSIDE_BOUNDS = {
  /** A service title, a cluster name, an actor. */
  name: 200,
  /** A reason or an error message. */
  reason: 1000,
  /** A notification title (Slack shows it as the message text). */
  title: 300,
  /** A notification or incident body. */
  body: 3000,
  /** PagerDuty's documented maximum for `payload.summary`. */
  pagerDutySummary: 1024,
  /** Statuspage incident names. */
  incidentName: 255,
} as const;
