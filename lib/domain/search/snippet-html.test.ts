import { describe, expect, it } from 'vitest';
import { MATCH_END as E, MATCH_START as S } from './match-sentinels';
import { snippetToHtml } from './snippet-html';

/** Every tag left in the output; only <mark> may remain. */
const tags = (html: string) => html.match(/<\/?[a-z][^>]*>/gi) ?? [];

describe('snippetToHtml', () => {
  it('turns the sentinels into <mark> and nothing else into markup', () => {
    expect(snippetToHtml(`the ${S}buffer${E} turns red`)).toBe('the <mark>buffer</mark> turns red');
  });

  it('escapes markup an article contains, so a snippet cannot inject any', () => {
    const html = snippetToHtml(`before <script>alert("x")</script> and <b onclick='y'>${S}bold${E}</b> & more`);
    expect(html).toBe('before &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; and &lt;b onclick=&#39;y&#39;&gt;<mark>bold</mark>&lt;/b&gt; &amp; more');
    expect(tags(html)).toEqual(['<mark>', '</mark>']);
  });

  it('keeps marks balanced even when the sentinels are not', () => {
    expect(snippetToHtml(`${S}open ${S}twice${E}${E} ${E}stray ${S}cut`)).toBe('<mark>open twice</mark> stray <mark>cut</mark>');
    expect(snippetToHtml(`${S}${E}empty`)).toBe('empty');
  });

  it('drops other control characters', () => {
    expect(snippetToHtml('a\u0000b\u0001c\u001fd')).toBe('abcd');
  });

  it('reads as prose: Markdown links, emphasis, headings, quotes and tables lose their syntax', () => {
    const markdown = [
      '## The **drum** rule',
      '> Penetration = used / length',
      '- see [the ' + S + 'rope' + E + '](/insights/drum-buffer-rope-for-job-shops) and `code`',
      '| Reason | Share |',
      '|---|:--:|',
      '| snake_case_name | 33% |',
    ].join('\n');
    expect(snippetToHtml(markdown)).toBe('The drum rule. Penetration = used / length. see the <mark>rope</mark> and code. Reason Share. snake_case_name 33%');
  });

  it('drops the parts of a link cut at either end of an excerpt', () => {
    expect(snippetToHtml('…flow](/insights/x) keeps ' + S + 'moving' + E)).toBe('…flow keeps <mark>moving</mark>');
    expect(snippetToHtml('read [red ' + S + 'zones' + E + '](/insights/' + S + 'buffer' + E + '-management-red…')).toBe('read red <mark>zones</mark>');
  });

  it('ends a heading with a full stop so it does not run into the next sentence', () => {
    expect(snippetToHtml('small batches\n\n## Rarely the ' + S + 'focus' + E + '\n\nHow do we?\nNext')).toBe(
      'small batches. Rarely the <mark>focus</mark>. How do we? Next',
    );
    expect(snippetToHtml('he said "to spare."\n## Next')).toBe('he said &quot;to spare.&quot; Next');
  });
});
