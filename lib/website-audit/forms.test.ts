import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../test-support/audit/page-from';

describe('findForms', () => {
  it('lists each field with its label and whether it is required', () => {
    const page = bodyPage(
      '<h1>Book</h1><form aria-label="Book a visit">' +
        '<label for="n">Your name *</label><input id="n" name="name" required>' +
        '<label>Email <input type="email" name="email" aria-required="true"></label>' +
        '<input name="phone" placeholder="Phone">' +
        '<select name="reason"><option>Cleaning</option></select><textarea name="notes"></textarea>' +
        '<fieldset><legend>Best time</legend><input type="radio" name="time" value="am"><input type="radio" name="time" value="pm" required></fieldset>' +
        '<input type="checkbox" name="reminders"><input type="hidden" name="token"><input type="submit" value="Book"></form>',
    );
    expect(page.forms).toEqual([
      {
        name: 'Book a visit',
        aboveFold: true,
        fields: [
          { label: 'Your name', required: true },
          { label: 'Email', required: true },
          { label: 'Phone', required: false },
          { label: 'reason', required: false },
          { label: 'notes', required: false },
          { label: 'Best time', required: true },
          { label: 'reminders', required: false },
        ],
      },
    ]);
  });

  it('names a form by the heading just before it, else its button', () => {
    const page = bodyPage(
      '<h2>Contact Us Today</h2><p>We reply fast.</p><form><input name="phone" aria-label="Phone"><input type="submit" value="Submit"></form>' +
        '<div><form><input name="email" aria-label="Email"><button>Get the checklist</button></form></div>',
    );
    expect(page.forms.map((form) => form.name)).toEqual(['Contact Us Today', 'Get the checklist']);
  });

  it('names a form by its section heading, and skips search boxes and forms without fields', () => {
    const page = bodyPage(
      '<form><input type="search" name="q"></form><form><button>Log out</button></form>' +
        '<section><h2>Request a callback</h2><form><input name="phone" aria-label="Phone"><button>Call me back</button></form></section>',
    );
    expect(page.forms.map((form) => [form.name, form.fields.length])).toEqual([['Request a callback', 1]]);
  });
});

describe('findForms on awkward markup', () => {
  it('reads labels of fields whose ids would break a CSS selector', () => {
    const page = bodyPage('<form><label for=\'contact["email"]\\\'>Email</label><input id=\'contact["email"]\\\' name="email"><button>Send</button></form>');
    expect(page.forms[0]?.fields).toEqual([{ label: 'Email', required: false }]);
  });
});
