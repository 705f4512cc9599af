import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkHttps } from './https';

const FORM = '<form><label>Name <input name="name"></label><button>Book my visit</button></form>';

describe('checkHttps', () => {
  it('passes an https page', () => {
    expect(checkHttps(bodyPage(FORM, { https: true }))).toBeNull();
  });

  it('reports plain http as critical when the page asks for details, major otherwise', () => {
    expect(checkHttps(bodyPage(FORM, { https: false, finalUrl: 'http://harbor-lane-dental.example/' }))).toMatchObject({
      id: 'basics.not-https',
      severity: 'critical',
      category: 'security',
      evidence: 'http://harbor-lane-dental.example/',
    });
    expect(checkHttps(bodyPage('<p>Call us.</p>', { https: false }))?.severity).toBe('major');
  });
});
