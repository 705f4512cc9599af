import { describe, expect, it } from 'vitest';
import { itemText } from './item-text';
import { compareItems } from './version-diff';

describe('versions as text, and their differences', () => {
  it('writes one field per line, lists one entry per line and long text line by line', () => {
    expect(
      itemText({
        title: 'Buffers',
        featured: true,
        rating: null,
        topics: ['a', 'b'],
        content: 'One.\nTwo.',
        leadership: [{ name: 'Ann', bio: null }],
        keywords: [],
      }),
    ).toBe(
      [
        'title: Buffers',
        'featured: yes',
        'rating: (none)',
        'topics:',
        '  - a',
        '  - b',
        'content:',
        '  One.',
        '  Two.',
        'leadership:',
        '  -',
        '    name: Ann',
        '    bio: (none)',
        'keywords:',
        '  (none)',
        '',
      ].join('\n'),
    );
  });

  it('marks what a version has that the live content does not, and the reverse', () => {
    const live = { title: 'Old title', content: 'Same line.\nRemoved line.' };
    const version = { title: 'New title', content: 'Same line.\nAdded line.' };
    expect(compareItems(live, version)).toEqual({
      lines: [
        { kind: 'removed', text: 'title: Old title' },
        { kind: 'added', text: 'title: New title' },
        { kind: 'same', text: 'content:' },
        { kind: 'same', text: '  Same line.' },
        { kind: 'removed', text: '  Removed line.' },
        { kind: 'added', text: '  Added line.' },
      ],
      added: 2,
      removed: 2,
    });
    expect(compareItems(null, { title: 'New' })).toEqual({ lines: [{ kind: 'added', text: 'title: New' }], added: 1, removed: 0 });
  });
});
