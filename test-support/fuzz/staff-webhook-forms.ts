import fc from 'fast-check';
import { WEBHOOK_EVENT_TYPES } from '../../lib/contract/webhook-events';

/** One call of a /staff/webhooks server action, as a browser's form or script would send it (or a forger). */
export interface StaffFormCall {
  exportedName: string;
  args: unknown[];
}

export const WEBHOOK_ACTIONS_FILE = 'app/staff/webhooks/actions.ts';

/** Strings of any kind: empty, blank, long, control characters, markup, lone surrogates. */
const anyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', '../../etc/passwd', '\ud800', 'x'.repeat(5_000), '0', '-1', 'NaN', '1e9'),
);

/** Addresses near the rules (https, allow-listed http, IP literals of every kind) and far from them. */
const urls = (allowed: string) =>
  fc.oneof(
    fc.constantFrom(
      `http://${allowed}/hooks`,
      `https://${allowed}/hooks`,
      'https://127.0.0.1/hooks',
      'https://[::1]:8443/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/',
      'http://93.184.215.14/',
      'https://93.184.215.14:65535/a?b=c',
      'https://user:pw@93.184.215.14/',
      'https://93.184.215.14/#frag',
      'https://localhost/',
      'https://hooks.ridgeline.example/x',
      'ftp://93.184.215.14/',
      'javascript:alert(1)',
      'https://',
      `https://93.184.215.14/${'a'.repeat(2_100)}`,
    ),
    fc.webUrl({ withQueryParameters: true }),
    anyText,
  );

/** The event type fields: real names, near misses, and the same name twice. */
const eventTypeValues = fc.array(fc.oneof(fc.constantFrom(...WEBHOOK_EVENT_TYPES), fc.constantFrom('inquiry.CREATED', 'order.shipped', ''), anyText), {
  maxLength: 14,
});

/** A bound argument (an endpoint or delivery id): real ones, made-up ones, and values no form sends. */
const idValues = (known: () => string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((index) => known()[index % Math.max(1, known().length)] ?? 'whe_none') },
    { weight: 2, arbitrary: anyText },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.constant(null),
        fc.constant(undefined),
        fc.dictionary(fc.string(), fc.string()).map((entries) => ({ ...entries })),
        fc.array(fc.string()),
      ),
    },
  );

function formData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) data.append(name, each);
  return data;
}

/** A form's fields, or something that is not a form at all. */
const formOf = (fields: fc.Arbitrary<Record<string, string | string[]>>) =>
  fc.oneof({ weight: 5, arbitrary: fields.map(formData) }, { weight: 1, arbitrary: fc.oneof(fc.constant({}), fc.constant(null), fc.string()) });

const state = fc.constant({ values: {}, errors: {}, secret: null, endpointId: null });

/**
 * Calls of every /staff/webhooks action with fields drawn near and far from what each accepts. `knownEndpoints` gives
 * the ids of endpoints that exist when the call is drawn, so the fuzz reaches real records and not only 404s.
 */
export function staffWebhookFormCalls(allowedHost: string, knownEndpoints: () => string[]): fc.Arbitrary<StaffFormCall> {
  const id = idValues(knownEndpoints);
  const call = (exportedName: string, args: fc.Arbitrary<unknown[]>) => args.map((drawn) => ({ exportedName, args: drawn }));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: call(
        'createEndpointAction',
        fc.tuple(state, formOf(fc.record({ url: urls(allowedHost), description: anyText, eventTypes: eventTypeValues }, { requiredKeys: [] }))),
      ),
    },
    {
      weight: 2,
      arbitrary: call(
        'rotateSecretAction',
        fc.tuple(id, state, formOf(fc.record({ overlapHours: fc.oneof(fc.constantFrom('1', '24', '72', '168', '0', '25', '-24'), anyText) }))),
      ),
    },
    { weight: 1, arbitrary: call('pauseEndpointAction', fc.tuple(id)) },
    { weight: 1, arbitrary: call('resumeEndpointAction', fc.tuple(id)) },
    { weight: 1, arbitrary: call('replayMissedAction', fc.tuple(id)) },
    { weight: 1, arbitrary: call('dismissMissedAction', fc.tuple(id)) },
    {
      weight: 2,
      arbitrary: call('sendTestEventAction', fc.tuple(id, formOf(fc.record({ eventType: fc.oneof(fc.constantFrom(...WEBHOOK_EVENT_TYPES), anyText) })))),
    },
    { weight: 1, arbitrary: call('resendDeliveryAction', fc.tuple(id, fc.oneof(anyText, fc.integer(), fc.constant(null)))) },
    { weight: 1, arbitrary: call('deleteEndpointAction', fc.tuple(id, formOf(fc.record({ confirm: fc.oneof(fc.constant('delete'), anyText) })))) },
  );
}
