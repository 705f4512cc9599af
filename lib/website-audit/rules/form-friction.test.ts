import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkFormFriction, FORM_FIELDS_MAJOR, FORM_FIELDS_MINOR } from './form-friction';

function form(fields: Array<[string, boolean]>, heading = 'Request your visit') {
  const inputs = fields.map(
    ([label, required], index) => `<label for="f${index}">${label}</label><input id="f${index}" name="f${index}"${required ? ' required' : ''}>`,
  );
  return `<section><h2>${heading}</h2><form>${inputs.join('')}<input type="hidden" name="token" value="x"><button>Send</button></form></section>`;
}

describe('checkFormFriction', () => {
  it('passes a short form, and a page without a form', () => {
    expect(
      checkFormFriction(
        bodyPage(
          form([
            ['Name', true],
            ['Phone', true],
            ['What do you need?', false],
          ]),
        ),
      ),
    ).toBeNull();
    expect(checkFormFriction(bodyPage('<p>Call 503-555-0110.</p>'))).toBeNull();
  });

  it(`reports ${FORM_FIELDS_MINOR} fields as minor, quoting them`, () => {
    expect(
      checkFormFriction(
        bodyPage(
          form([
            ['Name', true],
            ['Email', true],
            ['Phone', false],
            ['Insurance', false],
            ['Message', false],
          ]),
        ),
      ),
    ).toMatchObject({
      id: 'offer.heavy-form',
      severity: 'minor',
      category: 'form',
      title: 'The form asks for 5 fields, 2 of them required',
      evidence: 'Form “Request your visit”: Name (required), Email (required), Phone, Insurance, Message',
    });
  });

  it(`reports ${FORM_FIELDS_MAJOR} fields, or many required ones, as major`, () => {
    const eight = Array.from({ length: FORM_FIELDS_MAJOR }, (_, index): [string, boolean] => [`Field ${index + 1}`, false]);
    expect(checkFormFriction(bodyPage(form(eight)))?.severity).toBe('major');
    const sixRequired = Array.from({ length: 6 }, (_, index): [string, boolean] => [`Field ${index + 1}`, true]);
    expect(checkFormFriction(bodyPage(form(sixRequired)))).toMatchObject({ severity: 'major', title: 'The form asks for 6 fields, 6 of them required' });
  });

  it('counts a group of radio buttons as one question, and ignores search and footer forms', () => {
    const radios =
      '<form><fieldset><legend>Preferred time</legend><input type="radio" name="time" value="am" required><input type="radio" name="time" value="pm"></fieldset>' +
      '<input name="name" aria-label="Name"><button>Send</button></form>';
    expect(checkFormFriction(bodyPage(radios))).toBeNull();
    const others =
      '<form role="search"><input name="a"><input name="b"><input name="c"><input name="d"><input name="e"></form>' +
      '<footer><form><input name="a"><input name="b"><input name="c"><input name="d"><input name="e"></form></footer>';
    expect(checkFormFriction(bodyPage(others))).toBeNull();
  });
});
