import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkCompetingCallsToAction, COMPETING_CTAS_MAJOR, COMPETING_CTAS_MINOR } from './competing-ctas';

const links = (labels: string[]) => labels.map((label) => `<a class="btn" href="/${label.length}">${label}</a>`).join('');

describe('checkCompetingCallsToAction', () => {
  it('passes one ask repeated, and a main ask with a softer one', () => {
    expect(checkCompetingCallsToAction(bodyPage(links(['Book your visit', 'Book your visit', 'BOOK YOUR VISIT!'])))).toBeNull();
    expect(checkCompetingCallsToAction(bodyPage(links(['Book your visit', 'Call 503-555-0110'])))).toBeNull();
  });

  it(`reports ${COMPETING_CTAS_MINOR} different asks as minor, listing them`, () => {
    expect(checkCompetingCallsToAction(bodyPage(links(['Book your visit', 'Call 503-555-0110', 'Download our price list'])))).toMatchObject({
      id: 'offer.competing-ctas',
      severity: 'minor',
      title: 'The page asks the buyer to do 3 different things',
      evidence: '“Book your visit”, “Call 503-555-0110” and “Download our price list”',
    });
  });

  it(`reports ${COMPETING_CTAS_MAJOR} or more different asks as major`, () => {
    const finding = checkCompetingCallsToAction(
      bodyPage(
        `${links(['Book your visit', 'Call us', 'Download our price list', 'Follow us on Instagram'])}<form><input name="email"><button>Subscribe</button></form>`,
      ),
    );
    expect(finding).toMatchObject({ severity: 'major', title: 'The page asks the buyer to do 5 different things' });
  });

  it('does not count menus, the footer or page controls', () => {
    expect(
      checkCompetingCallsToAction(
        bodyPage(
          `<nav><a href="/book">Book now</a><a href="/shop">Shop</a><button aria-expanded="false">Menu</button></nav>` +
            `<a class="btn" href="/book">Book your visit</a><button>Close</button><button type="reset">Start over</button>` +
            `<footer><a href="/careers">Join our team</a><a href="/news">Subscribe</a></footer>`,
        ),
      ),
    ).toBeNull();
  });
});
