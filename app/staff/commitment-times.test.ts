import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { CommitmentView } from '@/lib/domain/commitments/commitment-view';
import { firmDateTime } from '@/lib/firm-time';
import { CommitmentPanel } from './commitment-panel';
import { CommitmentTable } from './commitment-table';

// A firm in Berlin: every staff time must be Berlin's, never New York's (the old default of formatDateTime).
vi.hoisted(() => {
  process.env.FIRM_TIME_ZONE = 'Europe/Berlin';
});

const BERLIN = 'Europe/Berlin';
const now = new Date('2026-11-25T08:00:00Z');

const commitment: CommitmentView = {
  id: 'cmt_1',
  kind: 'inquiry-reply',
  state: 'kept',
  dueAt: new Date('2026-11-25T09:00:00Z'),
  createdAt: new Date('2026-11-24T13:00:00Z'),
  owner: { id: 'stf_dana', displayName: 'Dana Reyes', email: 'dana@throughline.example', active: true },
  person: 'Rosa Diaz, Allegheny Castings',
  promise: 'Reply to inquiry TOC-2026-00042',
  record: { type: 'inquiry', id: 'inq_1' },
  staffPath: '/staff/inquiries/inq_1',
  requestedStart: null,
  remindedAt: new Date('2026-11-25T08:00:00Z'),
  missedAt: null,
  missReason: null,
  keptAt: new Date('2026-11-25T08:30:00Z'),
  voidedAt: null,
  closedByName: 'Dana Reyes',
  closeNote: 'phoned',
};

describe('staff commitment times in the firm zone', () => {
  it('shows the Due column of the overview in the zone it is given', () => {
    const viewer = { id: 'stf_dana', email: 'dana@throughline.example', displayName: 'Dana Reyes', role: 'sales' } as const;
    const html = renderToStaticMarkup(
      createElement(CommitmentTable, { id: 'due-today', title: 'Due today', empty: '', list: { items: [commitment], total: 1 }, viewer, now, zone: BERLIN }),
    );
    expect(html).toContain('>Nov 25, 2026, 10:00 AM GMT+1</span>');
    expect(html).not.toContain('EST');
  });

  it('shows the due time and the history of a record page in the zone it is given', () => {
    const html = renderToStaticMarkup(
      createElement(CommitmentPanel, { commitments: [commitment], assignable: [], back: '/staff/inquiries/inq_1', now, zone: BERLIN }),
    );
    expect(html).toContain('due Nov 25, 2026, 10:00 AM GMT+1:');
    expect(html).toContain('Reminder sent Nov 25, 2026, 9:00 AM GMT+1.');
    expect(html).toContain('Kept Nov 25, 2026, 9:30 AM GMT+1 by Dana Reyes (phoned).');
    expect(html).not.toContain('EST');
  });

  it('formats server-rendered page times (the promises page, inquiries, outbox, checkout) in FIRM_TIME_ZONE', () => {
    expect(firmDateTime(new Date('2026-11-25T09:00:00Z'))).toBe('Nov 25, 2026, 10:00 AM GMT+1');
    expect(firmDateTime('2026-07-01T09:00:00Z')).toBe('Jul 1, 2026, 11:00 AM GMT+2');
  });
});
