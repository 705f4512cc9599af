import { describe, expect, it } from 'vitest';
import { html, multiline } from './html';

describe('html', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const name = `<b onclick="x">'Eve' & co</b>`;
    expect(html`<p title="${name}">${name}</p>`.markup).toBe(
      '<p title="&lt;b onclick=&quot;x&quot;&gt;&#39;Eve&#39; &amp; co&lt;/b&gt;">&lt;b onclick=&quot;x&quot;&gt;&#39;Eve&#39; &amp; co&lt;/b&gt;</p>',
    );
  });

  it('nests SafeHtml and arrays unescaped, and skips null, undefined and false', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}${null}${undefined}${false}${0}</ul>`.markup).toBe('<ul><li>&lt;a&gt;</li><li>b</li>0</ul>');
  });
});

describe('multiline', () => {
  it('escapes each line and joins them with <br>', () => {
    expect(multiline('a < b\n<script>').markup).toBe('a &lt; b<br>&lt;script&gt;');
  });
});
