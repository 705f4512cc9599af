import { describe, expect, it } from 'vitest';
import { distinctLabels } from './calls-to-action';
import { bodyPage } from '../../test-support/audit/page-from';

describe('findCallsToAction', () => {
  it('finds action-worded links, button-styled links and buttons, with their place relative to the fold', () => {
    const page = bodyPage(
      '<header><a href="/"><img src="/logo.svg" alt="Harbor Lane Dental"></a><a class="btn btn-primary" href="/book">Book now</a></header>' +
        '<h1>New patients seen this week</h1><a href="/about">Meet Dr. Okafor</a><a href="tel:+15035550110">Call 503-555-0110</a>' +
        '<h2>Prices</h2><a role="button" href="/prices.pdf">Price list (PDF)</a><form><input name="email" aria-label="Email"><input type="submit" value="Get my reminder"></form>',
    );
    expect(page.callsToAction).toEqual([
      { label: 'Book now', kind: 'link', aboveFold: true },
      { label: 'Call 503-555-0110', kind: 'link', aboveFold: true },
      { label: 'Price list (PDF)', kind: 'link', aboveFold: false },
      { label: 'Get my reminder', kind: 'button', aboveFold: false },
    ]);
  });

  it('leaves out menus, the footer, page controls and reset buttons', () => {
    const page = bodyPage(
      '<nav><a href="/book">Book now</a><button aria-expanded="false">Menu</button></nav>' +
        '<button>Close</button><button type="reset">Start over</button><button aria-controls="faq-1">Do you take insurance?</button>' +
        '<a class="button" href="/book">Book your visit</a><footer><a href="/careers">Join our team</a></footer>',
    );
    expect(page.callsToAction.map((cta) => cta.label)).toEqual(['Book your visit']);
  });

  it('counts the same ask once, however it is capitalised or punctuated', () => {
    const page = bodyPage('<a class="btn" href="/book">Book your visit</a><a class="btn" href="/book#form">BOOK YOUR VISIT!</a><a href="/call">Call us</a>');
    expect(distinctLabels(page.callsToAction)).toEqual(['Book your visit', 'Call us']);
  });
});
